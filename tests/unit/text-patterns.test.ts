import { describe, expect, it } from 'vitest';
import { datasetNameSchema, datasetTagsSchema } from '../../src/contracts/datasets.ts';
import { createTokenBodySchema } from '../../src/contracts/tokens.ts';
import {
  COLUMN_NAME_PATTERN,
  NAME_PATTERN,
  TAG_PATTERN,
  TEXT_PATTERN,
  TOKEN_NAME_PATTERN,
} from '../../src/contracts/text-patterns.ts';
import { forbiddenCharacter } from '../../src/lib/text-rules.ts';
import { columnNameProblem } from '../../src/lib/tables/column-names.ts';

/** Every character of the Basic Multilingual Plane but the surrogates. */
const characters = Array.from({ length: 0x10000 }, (_, code) => code)
  .filter((code) => code < 0xd800 || code > 0xdfff)
  .map((code) => String.fromCharCode(code));

const hex = (c: string) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** The characters where the pattern and the server's check disagree, alone and inside a word. */
function disagreements(pattern: string, accepts: (value: string) => boolean): string[] {
  const regex = new RegExp(pattern, 'u');
  return characters.flatMap((c) =>
    [c, `a${c}b`]
      .filter((value) => regex.test(value) !== accepts(value))
      .map((value) => `${hex(c)} ${value === c ? 'alone' : 'inside'}`),
  );
}

describe('the OpenAPI patterns say what the server checks, character by character', () => {
  it('any text: the characters the server refuses everywhere', () => {
    expect(disagreements(TEXT_PATTERN, (v) => forbiddenCharacter(v) === null)).toEqual([]);
  });

  it('a dataset name, a nickname, a saved query title', () => {
    expect(disagreements(NAME_PATTERN, (v) => datasetNameSchema.safeParse(v).success)).toEqual([]);
  });

  it("a token's name", () => {
    const accepts = (name: string) =>
      forbiddenCharacter(name) === null &&
      createTokenBodySchema.safeParse({ name, scope: 'read' }).success;
    expect(disagreements(TOKEN_NAME_PATTERN, accepts)).toEqual([]);
  });

  it('a column name', () => {
    const accepts = (name: string) => columnNameProblem(name.trim()) === null;
    expect(disagreements(COLUMN_NAME_PATTERN, accepts)).toEqual([]);
  });

  it('a tag', () => {
    const accepts = (tag: string) => datasetTagsSchema.safeParse([tag]).success;
    expect(disagreements(TAG_PATTERN, accepts)).toEqual([]);
  });
});
