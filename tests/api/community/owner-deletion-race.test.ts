import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { datasetVersions } from '../../../src/server/db/schema.ts';
import { newDataset, queryRows, type Caller } from '../../support/api.ts';
import { answer, deletionApp, GONE, rounds } from '../../support/deletions.ts';

// Other people's writes on a dataset while its owner deletes the account, and deletions that
// meet each other's rows (two accounts, an origin and its fork). A counter change
// recounted a dataset and then rewrote its heat: the second write to a row the transaction had
// already changed made PostgreSQL check the row's owner again (a key-share lock on the owner's
// account), while the deletion held that account and waited for the dataset: a deadlock, 500.
// On PGlite requests interleave between transactions; on PostgreSQL they really meet.

const race = deletionApp();
const { call, accounts, deleteAccount } = race;

describe('deletions racing writes and other deletions', () => {
  it('favourites, ratings, forks and downloads: no 5xx, the dataset gone after', async () => {
    const fans = await accounts(6);
    for (let round = 0; round < rounds(6); round++) {
      const [owner] = await accounts(1);
      const { id } = await newDataset(race.t, owner);
      const writes = fans.flatMap((fan) => [
        call('POST', '/favorites', fan, { dataset_id: id }),
        call('POST', `/datasets/${id}/rate`, fan, { score: 4 }),
        call('POST', `/datasets/${id}/fork`, fan, {}),
        call('GET', `/datasets/${id}/versions/1/download?format=parquet`, fan),
      ]);
      const [deletion, ...answers] = await Promise.all([deleteAccount(owner), ...writes]);
      expect(deletion.statusCode).toBe(204);
      for (const res of answers) {
        const seen = res.statusCode < 300 ? res.statusCode : res.json<{ code: string }>().code;
        expect([200, 201, 'DATASET_NOT_FOUND']).toContain(seen);
      }
      expect((await call('GET', `/datasets/${id}`)).statusCode).toBe(404);
    }
  });

  it('two owners who rated, favourited and forked each other’s datasets delete at once', async () => {
    for (let round = 0; round < rounds(8); round++) {
      const [a, b] = await accounts(2);
      const [ofA, ofB] = await Promise.all([newDataset(race.t, a), newDataset(race.t, b)]);
      for (const [who, id] of [
        [a, ofB.id],
        [b, ofA.id],
      ] as const) {
        await call('POST', `/datasets/${id}/rate`, who, { score: 3 });
        await call('POST', '/favorites', who, { dataset_id: id });
        expect((await call('POST', `/datasets/${id}/fork`, who, {})).statusCode).toBe(201);
      }
      const deletions = await Promise.all([a, b].map(deleteAccount));
      expect(deletions.map((res) => res.statusCode)).toEqual([204, 204]);
    }
  });

  it('an origin and forks of it deleted at once by their owners', async () => {
    for (let round = 0; round < rounds(6); round++) {
      const [owner, forker] = await accounts(2);
      const origins = await Promise.all([newDataset(race.t, owner), newDataset(race.t, owner)]);
      const forks = await Promise.all(
        origins.map(({ id }) => call('POST', `/datasets/${id}/fork`, forker, {})),
      );
      const deletions = await Promise.all([
        ...origins.map(({ id }) => call('DELETE', `/datasets/${id}`, owner)),
        ...forks.map((fork) => call('DELETE', `/datasets/${fork.json().id}`, forker)),
      ]);
      expect(deletions.map((res) => res.statusCode)).toEqual([204, 204, 204, 204]);
    }
  });

  // A fork's deletion locked the fork, then its origin; the origin's deletion (or its owner's
  // account's) the other way round: a deadlock, in which an edit, a fork or a new version
  // waiting for one of the rows could be the victim, answering 500 now and then.
  it('an owner leaving, deleting and editing while a forker deletes and forks again', async () => {
    // The tables this test stored: their files stay exactly as long as a version uses them.
    const stored = new Set<string>();
    for (let round = 0; round < rounds(10); round++) {
      const [owner, forker] = await accounts(2);
      const origins = await Promise.all([newDataset(race.t, owner), newDataset(race.t, owner)]);
      const forks = await Promise.all(
        origins.map(({ id }) => call('POST', `/datasets/${id}/fork`, forker, {})),
      );
      const table = { attributes: ['city', 'rain_mm'], entries: [['Kunming', round]] };
      for (const { versions } of origins) stored.add(versions[0]!.sha256);
      const sent: [string[], ReturnType<typeof call>][] = [
        [['204'], deleteAccount(owner)],
        [['201', NOT_FOUND, ...GONE], post(`/${origins[0].id}/versions`, owner, table)],
        ...origins.flatMap(
          ({ id }, i) =>
            [
              [['204', ...GONE], call('DELETE', `/datasets/${id}`, owner)],
              [['200', NOT_FOUND, ...GONE], put(id, owner, { name: `rain ${round}` })],
              [['204'], call('DELETE', `/datasets/${forks[i]!.json().id}`, forker)],
              [['201', NOT_FOUND], post(`/${id}/fork`, forker, {})],
            ] satisfies typeof sent,
        ),
      ];
      const answers = await Promise.all(sent.map(([, res]) => res));
      answers.forEach((res, i) => expect(sent[i]![0]).toContain(answer(res)));
      if (answers[1]!.statusCode === 201) stored.add(answers[1]!.json<{ sha256: string }>().sha256);
      for (const { id } of origins)
        expect((await call('GET', `/datasets/${id}`)).statusCode).toBe(404);
    }
    const [files, used] = [await blobHashes(), await usedHashes()];
    const mine = [...stored].sort();
    expect(mine.filter((h) => files.includes(h))).toEqual(mine.filter((h) => used.includes(h)));
  });
});

const NOT_FOUND = '404 DATASET_NOT_FOUND';
const post = (url: string, who: Caller, body: Record<string, unknown>) =>
  call('POST', `/datasets${url}`, who, body);
const put = (id: number, who: Caller, body: Record<string, unknown>) =>
  call('PUT', `/datasets/${id}`, who, body);

/** The hashes every file in the blob store belongs to (blobs and the files made from them). */
async function blobHashes(): Promise<string[]> {
  const root = race.t.ctx.config.blobDir;
  const hashes = new Set<string>();
  for (const dir of (await readdir(root)).filter((d) => d !== 'tmp')) {
    for (const f of await readdir(path.join(root, dir))) hashes.add(dir + f.split('.')[0]);
  }
  return [...hashes].sort();
}

/** The hashes versions refer to. */
async function usedHashes(): Promise<string[]> {
  const rows = await queryRows<{ sha256: string }>(
    race.t,
    sql`select distinct ${datasetVersions.sha256} as sha256 from ${datasetVersions}`,
  );
  return rows.map((r) => r.sha256).sort();
}
