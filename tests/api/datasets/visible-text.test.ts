import { beforeAll, describe, expect, it } from 'vitest';
import type { DatasetSearchResponse } from '../../../src/contracts/datasets.ts';
import { caller, get, newDataset, suiteApp, suiteUser } from '../../support/api.ts';

/**
 * Dataset names and tags show something and read as written (docs/datasets.md, "Validation"):
 * nothing but invisible characters is empty, a direction control is refused, and joiners
 * between visible characters stay.
 */
const t = suiteApp();
const alice = suiteUser(t, 'alice');
let id: number;

beforeAll(async () => {
  id = (await newDataset(t, alice)).id;
});

const put = (payload: Record<string, unknown>) =>
  caller(t)('PUT', `/datasets/${id}`, alice, payload);
const problems = (body: string) =>
  (JSON.parse(body) as { details: { field: string; message: string }[] }).details;

describe('names and tags with nothing visible', () => {
  it.each([
    ['zero-width space', '\u200b'],
    ['joiners and a word joiner', '\u200c\u200d\u2060'],
    ['a BOM between spaces', ' \ufeff '],
    ['a soft hyphen', '\u00ad'],
    ['a variation selector alone', '\ufe0f'],
  ])('refuses a tag of %s as an empty tag', async (_, tag) => {
    const res = await put({ tags: [tag] });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
    expect(problems(res.body)).toEqual([
      { field: 'tags.0', message: 'Each tag must be 1–30 characters' },
    ]);
    expect(problems((await put({ tags: [''] })).body)).toEqual(problems(res.body));
  });

  it('refuses a name of invisible characters as an empty name', async () => {
    for (const name of ['\u200b', '\u2060\u200d', '\u00ad ', '']) {
      const res = await put({ name });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(problems(res.body)).toEqual([{ field: 'name', message: 'Name must not be empty' }]);
    }
    const res = await caller(t)('POST', '/datasets', alice, {
      name: '\u200b\u200b',
      attributes: ['a'],
      entries: [['1']],
    });
    expect(res.statusCode).toBe(400);
    expect(problems(res.body)).toEqual([{ field: 'name', message: 'Name must not be empty' }]);
  });

  it('leaves a tag filter of invisible characters out, as an empty one', async () => {
    const all = (await get(t, '/datasets?tags=')).json<DatasetSearchResponse>().total;
    const res = await get(t, `/datasets?tags=${encodeURIComponent('\u200b')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<DatasetSearchResponse>().total).toBe(all);
  });
});

describe('names, tags and columns of characters drawn blank', () => {
  const blanks = [
    '\u2800',
    '\u3164',
    '\uffa0',
    '\u115f\u1160',
    '\u180e',
    '\u{1d159}',
    '\u2800\u200b',
  ];

  it.each(blanks)('refuses %j as an empty name, tag and column name', async (blank) => {
    expect(problems((await put({ name: blank })).body)).toEqual([
      { field: 'name', message: 'Name must not be empty' },
    ]);
    expect(problems((await put({ tags: ['ok', blank] })).body)).toEqual([
      { field: 'tags.1', message: 'Each tag must be 1–30 characters' },
    ]);
    const columns = await caller(t)('POST', '/datasets/validate', alice, {
      attributes: ['a', blank],
      entries: [],
    });
    expect(columns.json()).toEqual({
      is_valid: false,
      errors: [
        { row: null, column: null, code: 'ATTRIBUTE_EMPTY', message: 'Column 2 has no name' },
      ],
    });
  });

  it('keeps Korean and Braille that hold them beside visible characters', async () => {
    const braille = '\u2813\u2811\u2807\u2807\u2815\u2800\u283a';
    const korean = '인구\u3164통계';
    const res = await put({ name: `${korean} ${braille} 한국어`, tags: [korean, braille] });
    expect(res.statusCode).toBe(200);
    const stored = (await get(t, `/datasets/${id}`, alice)).json<{
      name: string;
      tags: string[];
    }>();
    expect(stored.name).toBe(`${korean} ${braille} 한국어`);
    // Tags are made plain (NFKC), which writes the Hangul filler U+3164 as U+1160.
    expect(stored.tags).toEqual([korean.normalize('NFKC'), braille]);
  });
});

describe('direction controls in names and tags', () => {
  it.each([
    '\u202a',
    '\u202b',
    '\u202c',
    '\u202d',
    '\u202e',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
  ])('refuses %j in a name and in a tag, naming the character', async (control) => {
    const code = `U+${control.codePointAt(0)!.toString(16).toUpperCase()}`;
    const name = await put({ name: `${control}\u0645abc` });
    expect(name.statusCode).toBe(400);
    expect(problems(name.body)).toEqual([
      { field: 'name', message: `Name contains a character that is not allowed (${code})` },
    ]);
    const tag = await put({ tags: ['ok', `a${control}b`] });
    expect(tag.statusCode).toBe(400);
    expect(problems(tag.body)).toEqual([
      { field: 'tags.1', message: `Tag contains a character that is not allowed (${code})` },
    ]);
  });

  it('leaves the stored name and tags as they were', async () => {
    const before = (await get(t, `/datasets/${id}`, alice)).json<{ name: string }>();
    await put({ name: '\u202etxt.exe', tags: ['\u202eab'] });
    expect((await get(t, `/datasets/${id}`, alice)).json()).toEqual(before);
  });
});

describe('text that needs its invisible characters', () => {
  const family = '👨\u200d👩\u200d👧';
  const persian = 'می\u200cخواهم';

  it('keeps emoji sequences, Persian with a non-joiner and Chinese exactly', async () => {
    const res = await put({
      name: `${family} ${persian} 人口普查`,
      tags: [family, persian, '人口'],
    });
    expect(res.statusCode).toBe(200);
    const stored = (await get(t, `/datasets/${id}`, alice)).json<{
      name: string;
      tags: string[];
    }>();
    expect(stored.name).toBe(`${family} ${persian} 人口普查`);
    expect(stored.tags).toEqual([family, persian, '人口']);
  });

  it('finds them by tag filter and by search', async () => {
    for (const tag of [family, persian, '人口']) {
      const res = await get(t, `/datasets?tags=${encodeURIComponent(tag)}`, alice);
      expect(
        res.json<DatasetSearchResponse>().datasets.map((d) => d.id),
        tag,
      ).toEqual([id]);
    }
    for (const query of [persian, '人口普查']) {
      const res = await get(t, `/datasets/search?query=${encodeURIComponent(query)}`, alice);
      expect(
        res.json<DatasetSearchResponse>().datasets.map((d) => d.id),
        query,
      ).toContain(id);
    }
  });
});

/** A description is optional: one showing nothing is stored empty (docs/datasets.md). */
describe('descriptions', () => {
  const descriptionOf = async (datasetId: number) =>
    (await get(t, `/datasets/${datasetId}`, alice)).json<{ description: string }>().description;

  it('stores a description of only invisible characters empty, on create, edit and fork', async () => {
    const created = await newDataset(t, alice, { description: '\u200b\u2800 \u2060' });
    expect(await descriptionOf(created.id)).toBe('');
    expect((await put({ description: 'census' })).statusCode).toBe(200);
    expect((await put({ description: ' \ufeff\u00ad ' })).statusCode).toBe(200);
    expect(await descriptionOf(id)).toBe('');
    const fork = await caller(t)('POST', `/datasets/${created.id}/fork`, alice, {
      name: 'copy',
      description: '\u3164',
    });
    expect(fork.statusCode).toBe(201);
    expect(await descriptionOf(fork.json<{ id: number }>().id)).toBe('');
  });

  it('keeps right-to-left Markdown with its direction controls exactly', async () => {
    const rtl = '\u202bمجموعة **بيانات**\u202c\n\n\u2067العربية\u2069 (2024)';
    expect((await put({ description: rtl })).statusCode).toBe(200);
    expect(await descriptionOf(id)).toBe(rtl);
  });
});

/** A citation and a changelog are optional too: one showing nothing is stored empty. */
describe('citations and changelogs', () => {
  const blank = ' \u200b\u2800\n\ufeff ';
  const upload = (url: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { ...alice.headers, 'content-type': 'text/csv' },
      payload: 'city,rain_mm\nBeijing,600\n',
    });
  const citationOf = async (datasetId: number) =>
    (await get(t, `/datasets/${datasetId}`, alice)).json<{ citation: string }>().citation;
  const changelogsOf = async (datasetId: number) =>
    (await get(t, `/datasets/${datasetId}/versions`, alice))
      .json<{ versions: { changelog: string }[] }>()
      .versions.map((v) => v.changelog);

  it('stores them empty on create, streamed create, edit and new versions', async () => {
    const created = await newDataset(t, alice, { citation: blank, changelog: blank });
    expect([await citationOf(created.id), await changelogsOf(created.id)]).toEqual(['', ['']]);
    const q = encodeURIComponent(blank);
    const streamed = await upload(`/datasets?name=streamed&citation=${q}&changelog=${q}`);
    expect(streamed.statusCode).toBe(201);
    const streamedId = streamed.json<{ id: number }>().id;
    expect([await citationOf(streamedId), await changelogsOf(streamedId)]).toEqual(['', ['']]);
    expect(
      (await caller(t)('PUT', `/datasets/${created.id}`, alice, { citation: 'x' })).statusCode,
    ).toBe(200);
    const edited = await caller(t)('PUT', `/datasets/${created.id}`, alice, { citation: '\u2060' });
    expect(edited.statusCode).toBe(200);
    expect(await citationOf(created.id)).toBe('');
    const version = await caller(t)('POST', `/datasets/${created.id}/versions`, alice, {
      attributes: ['city'],
      entries: [['Xi’an']],
      changelog: '\u3164',
    });
    expect(version.statusCode).toBe(201);
    expect((await upload(`/datasets/${created.id}/versions?changelog=${q}`)).statusCode).toBe(201);
    expect(await changelogsOf(created.id)).toEqual(['', '', '']);
  });
});
