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
