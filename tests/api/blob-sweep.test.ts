import { createHash } from 'node:crypto';
import { rm, utimes, writeFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsBlobStore } from '../../src/server/blobs/fs-store.ts';
import type { BlobStore } from '../../src/server/blobs/store.ts';
import { blobs } from '../../src/server/db/schema.ts';
import { sweepBlobs } from '../../src/server/services/blob-sweep.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { addUser, createDataset, type TestUser } from '../support/api.ts';

let t: TestApp;
let alice: TestUser;

/** While set, a derived file waits here before it moves into place (a build about to finish). */
let parked: { reached: () => void; open: Promise<void> } | undefined;

/** The file store, whose `putDerived` waits at `parked` while it is set. */
async function parkingStore(dir: string): Promise<BlobStore> {
  const store = await createFsBlobStore(dir);
  const putDerived: BlobStore['putDerived'] = async (...args) => {
    const gate = parked;
    if (gate) {
      gate.reached();
      await gate.open;
    }
    return store.putDerived(...args);
  };
  return { ...store, putDerived };
}

beforeAll(async () => {
  t = await createTestApp({}, { blobs: parkingStore });
  alice = await addUser(t, 'alice');
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const stored = async () => {
  const found: string[] = [];
  for await (const blob of t.ctx.blobs.list()) found.push(blob.sha256);
  return found.sort();
};

/** A file in the store as a publish killed before its commit leaves it, written `ageMs` ago. */
async function orphan(content: string, ageMs: number, withRow = false): Promise<string> {
  const sha256 = createHash('sha256').update(content).digest('hex');
  const temp = t.ctx.blobs.tempPath();
  await writeFile(temp, content);
  await t.ctx.blobs.putFile(temp, sha256);
  const when = new Date(Date.now() - ageMs);
  const file = `${t.ctx.config.dataDir}/blobs/${sha256.slice(0, 2)}/${sha256.slice(2)}`;
  await utimes(file, when, when);
  if (withRow) await t.ctx.db.insert(blobs).values({ sha256, byteSize: content.length });
  return sha256;
}

describe('blob garbage collection', () => {
  it('removes files no version references once they are an hour old, and nothing else', async () => {
    const d = await createDataset(t, alice, { name: 'Kept', attributes: ['n'], entries: [[1]] });
    const kept = (d.versions as { sha256: string }[])[0]!.sha256;
    const stale = await orphan('killed mid-publish', 2 * HOUR);
    const staleWithRow = await orphan('release failed', 3 * HOUR, true);
    const fresh = await orphan('an upload about to commit', 10 * 60 * 1000);

    const sweep = await sweepBlobs(t.ctx);
    expect(sweep).toEqual({ checked: 4, removed: 2, derivedRemoved: 0 });
    expect(await stored()).toEqual([kept, fresh].sort());
    expect(await t.ctx.db.select().from(blobs).where(eq(blobs.sha256, staleWithRow))).toEqual([]);
    expect(await t.ctx.blobs.has(stale)).toBe(false);

    // The dataset still downloads; a later sweep, once the fresh file is old, removes it too.
    const download = await t.app.inject({ url: `/api/v1/datasets/${d.id}/versions/1/download` });
    expect(download.statusCode).toBe(200);
    expect(await sweepBlobs(t.ctx, Date.now() + 2 * HOUR)).toEqual({
      checked: 2,
      removed: 1,
      derivedRemoved: 0,
    });
    expect(await stored()).toEqual([kept]);
  });

  it('removes the Parquet copy a build finished after its table was deleted, and no other', async () => {
    const kept = await createDataset(t, alice, {
      name: 'Still here',
      attributes: ['n'],
      entries: [[7]],
    });
    const keptSha = (kept.versions as { sha256: string }[])[0]!.sha256;
    const d = await createDataset(t, alice, { name: 'Deleted', attributes: ['n'], entries: [[8]] });
    const sha256 = (d.versions as { sha256: string }[])[0]!.sha256;
    // Its Parquet copy is missing (a table stored before Parquet): the first view builds it.
    await rm(t.ctx.blobs.derivedPath(sha256, '.parquet'));
    let open = () => {};
    const reached = new Promise<void>((r) => {
      parked = { reached: r, open: new Promise<void>((o) => (open = o)) };
    });
    const viewed = t.app.inject({ url: `/api/v1/datasets/${d.id}/versions/1/rows?limit=2` });
    await reached;
    parked = undefined;
    // The dataset is deleted while the build finishes: its table file goes, then the copy lands.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/datasets/${d.id}`,
      headers: alice.auth,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await t.ctx.blobs.has(sha256)).toBe(false);
    open();
    await viewed;
    expect(await t.ctx.blobs.hasDerived(sha256, '.parquet')).toBe(true);

    // Within the hour it stays (a build may still be using it); past it, it goes.
    await sweepBlobs(t.ctx);
    expect(await t.ctx.blobs.hasDerived(sha256, '.parquet')).toBe(true);
    const sweep = await sweepBlobs(t.ctx, Date.now() + 2 * HOUR);
    expect(await t.ctx.blobs.hasDerived(sha256, '.parquet')).toBe(false);
    expect(sweep.derivedRemoved).toBe(1);
    expect(await t.ctx.blobs.hasDerived(keptSha, '.parquet')).toBe(true);
    expect(await t.ctx.blobs.hasDerived(keptSha, '.stats.json')).toBe(true);
    const rows = await t.app.inject({ url: `/api/v1/datasets/${kept.id}/versions/1/rows` });
    expect(rows.json()).toMatchObject({ rows: [[7]] });
  });

  it('builds the derived files of a table stored anew rather than trusting ones left behind', async () => {
    const sha256 = await orphan('stored, deleted, then uploaded again', 3 * HOUR);
    await t.ctx.blobs.delete(sha256);
    const late = t.ctx.blobs.tempPath();
    await writeFile(late, 'PAR1 from a build that finished after the release');
    await t.ctx.blobs.putDerived(late, sha256, '.parquet');
    await orphan('stored, deleted, then uploaded again', 0);
    expect(await t.ctx.blobs.hasDerived(sha256, '.parquet')).toBe(false);
  });
});
