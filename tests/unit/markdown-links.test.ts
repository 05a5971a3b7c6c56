import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The Markdown a newcomer reads: the top-level files, docs/ and the CLI package's README. */
const DOCS = [
  ...readdirSync('.').filter((name) => name.endsWith('.md')),
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  'cli/README.md',
].filter((file) => existsSync(file));

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to dashes. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

function anchors(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1]!)));
}

/** Relative links `[text](target#anchor)` and repository paths written in code (`src/…`). */
function references(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target));
  const paths = [
    ...text.matchAll(/`((?:src|docs|tests|scripts|deploy|bench|cli)\/[^`\s*…<>{}]+)`/g),
  ]
    .map((m) => m[1]!)
    .filter((p) => /\.[a-z]+$/.test(p) || p.endsWith('/'))
    .map((p) => `/${p}`);
  return [...links, ...paths];
}

function broken(file: string): string[] {
  return references(file).filter((ref) => {
    const [target, anchor] = ref.split('#') as [string, string | undefined];
    const resolved = target.startsWith('/')
      ? target.slice(1)
      : target === ''
        ? file
        : path.join(path.dirname(file), target);
    if (!existsSync(resolved)) return true;
    return anchor !== undefined && resolved.endsWith('.md') && !anchors(resolved).has(anchor);
  });
}

describe('Markdown documents', () => {
  it('were found', () => {
    expect(DOCS).toContain('README.md');
    expect(DOCS).toContain('docs/architecture.md');
  });

  it.each(DOCS)('%s links only to files and headings that exist', (file) => {
    expect(broken(file)).toEqual([]);
  });
});
