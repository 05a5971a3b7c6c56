import { describe, expect, it } from 'vitest';
import { LARGE_FILE_BYTES, readTableFile } from '../../../src/lib/tables/draft.ts';
import {
  TableValidationError,
  ingestTable,
  parseJsonlStream,
} from '../../../src/server/tables/index.ts';
import { LIMITS, bytes, tempStore } from './support.ts';

/** The problems the server finds in a streamed JSON Lines upload. */
async function server(text: string) {
  const { blobs } = await tempStore();
  try {
    await ingestTable(blobs, await parseJsonlStream(bytes(text)), LIMITS);
    return [];
  } catch (error) {
    if (error instanceof TableValidationError) return error.errors;
    throw error;
  }
}

describe('a large JSON Lines file: the upload form and the server agree on its columns', () => {
  const line = `{"id":1,"note":"${'x'.repeat(200)}"}\n`;
  const lines = Math.ceil(LARGE_FILE_BYTES / line.length);
  const long = '长'.repeat(50);

  it.each([
    ['objects throughout', ''],
    ['a header line', '["id","note"]\n'],
  ])(
    '%s: later keys that name no column, past the sample, are the same problems',
    async (_, head) => {
      const text =
        head +
        line.repeat(lines) +
        '{"id":2,"城市":"北京"}\n' +
        '{" note ":"trimmed, a column"}\n' +
        line.repeat(10) +
        `{"${long}":1,"b":2}\n`;
      const draft = await readTableFile(new File([text], 'later.jsonl'));
      expect(draft.sampled).not.toBeNull();
      const found = await server(text);
      expect(found.map((e) => e.code)).toEqual([
        'UNKNOWN_COLUMN',
        'UNKNOWN_COLUMN',
        'UNKNOWN_COLUMN',
      ]);
      expect(draft.problems).toEqual(found);
    },
  );
});

describe('a large JSON Lines file: the upload form names a bad line past the sample as the server does', () => {
  const line = `{"id":1,"note":"${'x'.repeat(200)}"}\n`;
  const lines = Math.ceil(LARGE_FILE_BYTES / line.length);
  const header = '["id","note"]\n';
  const listLine = `[1,"${'x'.repeat(200)}"]\n`;

  it.each([
    ['a line cut short', '', line, '{"id":2,"note":"cut'],
    ['a number', '', line, '42'],
    ['null', header, listLine, 'null'],
    ['a list of one value', '', line, '[2]'],
    ['a list of three values', header, listLine, '[2,"b","c"]'],
    ['an object giving a key twice', header, listLine, '{"id":2,"id":3}'],
    ['text that is not JSON, after a header', header, listLine, "{'id': 2}"],
  ])('%s', async (_, head, row, bad) => {
    const rows = Math.ceil(LARGE_FILE_BYTES / row.length);
    const text = head + row.repeat(rows) + `${bad}\n` + row.repeat(10);
    const draft = await readTableFile(new File([text], 'bad-line.jsonl'));
    expect(draft.sampled).not.toBeNull();
    const found = await server(text);
    expect(found).toHaveLength(1);
    expect(found[0]?.row).toBe(rows + 1);
    expect(draft.problems).toEqual(found);
  });

  it('names every line that is not JSON, listing 100, where the server stops at the first', async () => {
    const text = line.repeat(lines) + '{"id":\n'.repeat(150) + line;
    const draft = await readTableFile(new File([text], 'bad-lines.jsonl'));
    const found = await server(text);
    expect(found.map((e) => [e.row, e.code])).toEqual([[lines + 1, 'INVALID_JSON']]);
    // 100 listed, then the server's note of how many more there are.
    expect(draft.problems).toHaveLength(101);
    expect(draft.problems?.[0]).toEqual(found[0]);
    expect(draft.problems?.[99]).toMatchObject({ row: lines + 100, code: 'INVALID_JSON' });
    expect(draft.problems?.[100]).toMatchObject({
      code: 'TOO_MANY_ERRORS',
      message: '50 more errors not shown',
    });
  });
});
