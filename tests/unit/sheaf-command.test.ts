import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const { bin } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  bin: Record<string, string>;
};

describe('the installed sheaf command (npm install -g .)', () => {
  it('runs under a Node that does not run TypeScript itself', () => {
    // Node 24 with type stripping turned off stands in for an older `node` on the PATH.
    const help = spawnSync(
      process.execPath,
      ['--no-experimental-strip-types', bin['sheaf']!, 'frobnicate'],
      { encoding: 'utf8' },
    );
    expect(help.stderr).toMatch(/^sheaf: Unknown command "frobnicate"\n\nUsage: sheaf <command>/);
    expect(help.status).toBe(2);
  });
});
