import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const source = readFileSync('src/server/config.ts', 'utf8');
const doc = readFileSync('docs/configuration.md', 'utf8');

/** The variable names of config.ts's `envSchema` (one `NAME: z…` line each). */
function schemaNames(): string[] {
  const start = source.indexOf('const envSchema = z.object({');
  const end = source.indexOf('\n});', start);
  expect(start).toBeGreaterThan(-1);
  const body = source.slice(start, end);
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
}

describe('docs/configuration.md', () => {
  it('describes every variable src/server/config.ts reads', () => {
    const names = schemaNames();
    expect(names.length).toBeGreaterThan(30);
    const documented = new Set([...doc.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));
    expect(names.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('names no variable config.ts does not read, except the build-time and AWS ones', () => {
    const names = new Set(schemaNames());
    const listed = [...doc.matchAll(/^- `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]!);
    const extra = listed.filter((name) => !names.has(name));
    expect(extra).toEqual(['PUBLIC_BUILD_ID', 'PUBLIC_CONTACT_EMAIL', 'AWS_REGION']);
  });
});
