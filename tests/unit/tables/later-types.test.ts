/**
 * A large file's column types, as the upload form proposes them: inferred over every row by the
 * server's rule, so a later row that widens a column (or gives a value to a column empty in the
 * sample) changes the proposed type to the one the server stores. The form used to propose the
 * sample's types: `integer` for a column the server stored as text.
 */
import { describe, expect, it } from 'vitest';
import { LARGE_FILE_BYTES, readTableFile } from '../../../src/lib/tables/draft.ts';
import { ingestTable, parseCsvStream, parseJsonlStream } from '../../../src/server/tables/index.ts';
import { LIMITS, bytes, tempStore } from './support.ts';

/** The types the server stores for a streamed upload of `text`, none declared. */
async function storedTypes(name: string, text: string): Promise<string[]> {
  const { blobs } = await tempStore();
  const parsed = name.endsWith('.jsonl')
    ? await parseJsonlStream(bytes(text))
    : await parseCsvStream(bytes(text), { delimiter: ',' });
  const { header } = await ingestTable(blobs, parsed, { ...LIMITS, maxRows: 1_000_000 });
  return header.attributes.map((a) => header.attributeTypes[a] ?? '?');
}

describe('the types proposed for a large file', () => {
  const line = `1,,${'x'.repeat(200)}\n`;
  const rows = Math.ceil(LARGE_FILE_BYTES / line.length);

  it.each([
    ['text in an integer column', 'n/a,,y', ['string', 'string', 'string'], ['id']],
    ['a decimal in an integer column', '2.5,,y', ['number', 'string', 'string'], ['id']],
    [
      'a value in a column empty in the sample',
      '2,2024-01-31,y',
      ['integer', 'date', 'string'],
      ['day'],
    ],
    ['nothing new', '2,,y', ['integer', 'string', 'string'], []],
  ])('CSV, a later row with %s', async (_, last, types, retyped) => {
    const text = 'id,day,note\n' + line.repeat(rows) + `${last}\n`;
    const draft = await readTableFile(new File([text], 'a.csv'));
    expect(draft.sampled).not.toBeNull();
    expect(draft.types).toEqual(types);
    expect(draft.types).toEqual(await storedTypes('a.csv', text));
    expect(draft.retyped).toEqual(retyped);
    expect(draft.problems).toEqual([]);
  });

  it('JSON Lines, a later row widening a column', async () => {
    const row = `{"id":1,"ok":true,"note":"${'x'.repeat(200)}"}\n`;
    const text = row.repeat(Math.ceil(LARGE_FILE_BYTES / row.length)) + '{"id":1.5,"ok":"no"}\n';
    const draft = await readTableFile(new File([text], 'a.jsonl'));
    expect(draft.types).toEqual(['number', 'string', 'string']);
    expect(draft.types).toEqual(await storedTypes('a.jsonl', text));
    expect(draft.retyped).toEqual(['id', 'ok']);
  });

  it('JSON Lines, the row after the preview widening a column', async () => {
    // The form reads the first megabyte: row 1001 is in it, but not in the preview.
    const row = `{"id":1,"note":"${'x'.repeat(200)}"}\n`;
    const rows = Math.ceil(LARGE_FILE_BYTES / row.length);
    const text = row.repeat(1000) + '{"id":"n/a"}\n' + row.repeat(rows);
    const draft = await readTableFile(new File([text], 'a.jsonl'));
    expect(draft.entries).toHaveLength(1000);
    expect(draft.types).toEqual(['string', 'string']);
    expect(draft.retyped).toEqual(['id']);
  });

  it.each([
    ['JSON Lines', 'a.jsonl', '', (id: string) => `{"id":${id},"note":"${'x'.repeat(200)}"}\n`],
    ['CSV', 'a.csv', 'id,note\n', (id: string) => `${id},${'x'.repeat(200)}\n`],
  ])(
    "%s, the preview's last row widening a column: no change to name",
    async (_, name, head, row) => {
      // The types the preview stands for are those after its 1000 rows, the 1000th included.
      const rows = Math.ceil(LARGE_FILE_BYTES / row('1').length);
      const text = head + row('1').repeat(999) + row('"n/a"') + row('1').repeat(rows);
      const draft = await readTableFile(new File([text], name));
      expect(draft.entries).toHaveLength(1000);
      expect(draft.totalRows).toBe(rows + 1000);
      expect(draft.types).toEqual(['string', 'string']);
      expect(draft.types).toEqual(await storedTypes(name, text));
      expect(draft.retyped).toEqual([]);
    },
  );
});
