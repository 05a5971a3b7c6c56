import { describe, expect, it } from 'vitest';
import { newDataset } from '../../support/api.ts';
import { answer, deletionApp, rounds } from '../../support/deletions.ts';

// Downloads sent with the dataset's deletion. A download read the version, then opened its
// table file, which the deletion had released meanwhile: 500. The file can go at any moment
// after the version is read, so the rounds send every format, twice.

const race = deletionApp();
const { call, accounts } = race;

const FORMATS = ['csv', 'json', 'jsonl', 'parquet'];

describe('downloads racing their dataset’s deletion', () => {
  it('answer the file or 404 DATASET_NOT_FOUND, never a 5xx', async () => {
    const [owner] = await accounts(1);
    for (let round = 0; round < rounds(12); round++) {
      const { id } = await newDataset(race.t, owner);
      const [deletion, ...downloads] = await Promise.all([
        call('DELETE', `/datasets/${id}`, owner),
        ...[...FORMATS, ...FORMATS].map((format) =>
          call('GET', `/datasets/${id}/versions/1/download?format=${format}`, owner),
        ),
      ]);
      expect(deletion.statusCode).toBe(204);
      for (const res of downloads) {
        expect(['200', '404 DATASET_NOT_FOUND']).toContain(answer(res));
        // A 404 carries none of the file's headers: nothing may keep it as the file.
        if (res.statusCode === 404) expect(res.headers['etag']).toBeUndefined();
      }
    }
  });
});
