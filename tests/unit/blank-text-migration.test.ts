import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isBlank } from '../../src/lib/visible-text.ts';

/**
 * The migration that empties descriptions, citations, changelogs and bios showing nothing spells
 * `isBlank`'s characters out as a regular expression of its own (PostgreSQL knows no Unicode
 * properties): the two must name the same characters, or the migration would empty text the API
 * keeps, or keep text the API empties.
 */
const migration = readFileSync(
  new URL('../../src/server/db/migrations/0016_empty_blank_text.sql', import.meta.url),
  'utf8',
);

type Range = [number, number];

/** The characters `isBlank` finds blank, as ranges of code points. */
function blankRanges(): Range[] {
  const ranges: Range[] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue; // no character on their own
    if (!isBlank(String.fromCodePoint(cp))) continue;
    const last = ranges.at(-1);
    if (last && last[1] === cp - 1) last[1] = cp;
    else ranges.push([cp, cp]);
  }
  return ranges;
}

/** The pattern `blank` the migration declares: its E'' strings joined, escapes read. */
function migrationPattern(): string {
  const declaration = /blank constant text :=([\s\S]*?);/.exec(migration)?.[1] ?? '';
  const pieces = [...declaration.matchAll(/E?'([^']*)'/g)].map((m) => m[1] ?? '');
  return pieces
    .join('')
    .replace(/\\u([0-9A-F]{4})|\\U([0-9A-F]{8})/g, (_, four?: string, eight?: string) =>
      String.fromCodePoint(parseInt(four ?? eight ?? '', 16)),
    );
}

/** The ranges of a bracket expression's characters (`a`, `a-z`), in the order written. */
function classRanges(members: string): Range[] {
  const chars = [...members].map((c) => c.codePointAt(0) ?? 0);
  const ranges: Range[] = [];
  for (let i = 0; i < chars.length; i++) {
    const from = chars[i] ?? 0;
    if (chars[i + 1] === 0x2d && i + 2 < chars.length) {
      ranges.push([from, chars[i + 2] ?? 0]);
      i += 2;
    } else ranges.push([from, from]);
  }
  return ranges;
}

describe('0016_empty_blank_text', () => {
  it('matches whole values made of one bracket expression of characters', () => {
    expect(migrationPattern()).toMatch(/^\^\[[^\]]+\]\*\$$/u);
  });

  it('holds exactly the characters isBlank finds blank, in order, each once', () => {
    const members = migrationPattern().slice(2, -3);
    expect(classRanges(members)).toEqual(blankRanges());
  });
});
