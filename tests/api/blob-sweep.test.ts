import { createHash } from 'node:crypto';
import { utimes, writeFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobs } from '../../src/server/db/schema.ts';
import { sweepBlobs } from '../../src/server/services/blob-sweep.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { addUser, createDataset, type TestUser } from '../support/api.ts';

let t: TestApp;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestApp();
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
    expect(sweep).toEqual({ checked: 4, removed: 2 });
    expect(await stored()).toEqual([kept, fresh].sort());
    expect(await t.ctx.db.select().from(blobs).where(eq(blobs.sha256, staleWithRow))).toEqual([]);
    expect(await t.ctx.blobs.has(stale)).toBe(false);

    // The dataset still downloads; a later sweep, once the fresh file is old, removes it too.
    const download = await t.app.inject({ url: `/api/v1/datasets/${d.id}/versions/1/download` });
    expect(download.statusCode).toBe(200);
    expect(await sweepBlobs(t.ctx, Date.now() + 2 * HOUR)).toEqual({ checked: 2, removed: 1 });
    expect(await stored()).toEqual([kept]);
  });
});
