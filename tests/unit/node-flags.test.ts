import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags.ts';

const scripts = (
  JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
).scripts;
const unit = readFileSync('deploy/sheaf.service', 'utf8');
const dockerfile = readFileSync('deploy/Dockerfile', 'utf8');
const dockerCommand = (JSON.parse(/^CMD (.*)$/m.exec(dockerfile)?.[1] ?? '[]') as string[]).join(
  ' ',
);

describe('the server process starts with its V8 flags everywhere it is started', () => {
  it.each([
    ['npm start', scripts['start']!],
    ['npm run dev', scripts['dev']!],
    ['deploy/sheaf.service', /^ExecStart=(.*)$/m.exec(unit)?.[1] ?? ''],
    ['deploy/Dockerfile', dockerCommand],
  ])('%s', (_, command) => {
    expect(command).toMatch(/\bnode\b/);
    for (const flag of SERVER_NODE_FLAGS) expect(command.split(/\s+/)).toContain(flag);
  });
});
