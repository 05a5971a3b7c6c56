import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const buildStatic = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/build-static.ts', ...args], { encoding: 'utf8' });

describe('npm run build:static on the command line', () => {
  it('shows its usage for --help', () => {
    const help = buildStatic('--help');
    expect([help.status, help.stderr]).toEqual([0, '']);
    expect(help.stdout).toMatch(/^Usage: npm run build:static -- --origin /);
  });

  it('names a mistyped option and shows the usage instead of a stack trace', () => {
    const typo = buildStatic('--orgin', 'https://app.example');
    expect(typo.status).toBe(1);
    expect(typo.stderr).toMatch(/^build:static: Unknown option '--orgin'\nUsage: /);
    expect(typo.stderr).not.toContain('    at ');
  });
});
