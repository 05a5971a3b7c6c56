import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3BlobStore, parseS3Url } from '../../src/server/blobs/s3-store.ts';
import type { BlobStore } from '../../src/server/blobs/store.ts';
import { sweepBlobs } from '../../src/server/services/blob-sweep.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { addUser, createDataset, type TestUser } from '../support/api.ts';
import { startTestS3, type TestS3 } from '../support/s3.ts';

let s3: TestS3;

beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3.close());

/** A store on the test server with a working copy of its own (as a new process would have). */
async function store(prefix = 'site'): Promise<BlobStore> {
  const cacheDir = await mkdtemp(path.join(s3.work, 'cache-'));
  return createS3BlobStore({
    location: parseS3Url(`s3://${s3.bucket}/${prefix}`),
    cacheDir,
    client: s3.client,
  });
}

async function fileWith(s: BlobStore, content: Buffer): Promise<{ temp: string; sha: string }> {
  const temp = s.tempPath();
  await writeFile(temp, content);
  return { temp, sha: createHash('sha256').update(content).digest('hex') };
}

describe('the S3 table store', () => {
  it('keeps blobs and derived files in the bucket, where a process with an empty cache reads them', async () => {
    const first = await store();
    const content = Buffer.from('a table, compressed or not, is bytes');
    const { temp, sha } = await fileWith(first, content);
    await first.putFile(temp, sha);
    const derived = first.tempPath();
    await writeFile(derived, 'PAR1 parquet bytes');
    await first.putDerived(derived, sha, '.parquet');

    const second = await store();
    expect(await second.has(sha)).toBe(true);
    expect(await text(second.read(sha))).toBe(content.toString());
    expect(await second.hasDerived(sha, '.parquet')).toBe(true);
    expect(await second.hasDerived(sha, '.stats.json')).toBe(false);
    expect(await second.fetchDerived(sha, '.parquet')).toBe(true);
    expect(await readFile(second.derivedPath(sha, '.parquet'), 'utf8')).toBe('PAR1 parquet bytes');
    expect(await second.fetchDerived(sha, '.stats.json')).toBe(false);
    const listed: string[] = [];
    for await (const blob of second.list()) listed.push(blob.sha256);
    expect(listed).toEqual([sha]);

    await second.delete(sha);
    const third = await store();
    expect(await first.has(sha)).toBe(false);
    expect(await third.hasDerived(sha, '.parquet')).toBe(false);
    await expect(text(third.read(sha))).rejects.toThrow();
  });

  it('reads a missing blob as a missing file (ENOENT), as a deleted dataset download expects', async () => {
    const missing = 'ab'.repeat(32);
    await expect(text((await store()).read(missing))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('trusts no derived file of a blob written again after another process deleted it', async () => {
    const writer = await store('again');
    const deleter = await store('again');
    const content = Buffer.from('a table deleted on one process and published again on another');
    const first = await fileWith(writer, content);
    await writer.putFile(first.temp, first.sha);
    const derived = writer.tempPath();
    await writeFile(derived, 'PAR1 parquet bytes');
    await writer.putDerived(derived, first.sha, '.parquet');
    await deleter.delete(first.sha);

    const again = await fileWith(writer, content);
    await writer.putFile(again.temp, again.sha);
    // Its working copy had the Parquet file; the bucket has not: it must be built again.
    expect(await writer.hasDerived(again.sha, '.parquet')).toBe(false);
    expect(await writer.fetchDerived(again.sha, '.parquet')).toBe(false);
  });

  it('drops the derived files a blob stored anew finds in the bucket, to be built again', async () => {
    const s = await store('anew');
    const content = Buffer.from('a table released while its copy was built, then sent again');
    const first = await fileWith(s, content);
    await s.putFile(first.temp, first.sha);
    await s.delete(first.sha);
    const late = s.tempPath();
    await writeFile(late, 'PAR1 written after the release');
    await s.putDerived(late, first.sha, '.parquet');

    const again = await fileWith(s, content);
    await s.putFile(again.temp, again.sha);
    expect(await (await store('anew')).hasDerived(again.sha, '.parquet')).toBe(false);
  });

  it('sends a file over 100 MB in parts and gives back the same bytes', async () => {
    const s = await store('big');
    const temp = s.tempPath();
    const chunk = randomBytes(1024 * 1024);
    await writeFile(temp, Buffer.concat(Array.from({ length: 101 }, () => chunk)));
    const hash = createHash('sha256');
    for await (const part of createReadStream(temp)) hash.update(part as Buffer);
    const sha = hash.digest('hex');
    await s.putFile(temp, sha);

    const fresh = await store('big');
    const back = createHash('sha256');
    let bytes = 0;
    for await (const part of fresh.read(sha)) {
      back.update(part as Buffer);
      bytes += (part as Buffer).length;
    }
    expect(bytes).toBe(101 * 1024 * 1024);
    expect(back.digest('hex')).toBe(sha);
  }, 120_000);
});

describe('Sheaf on the S3 table store', () => {
  let t: TestApp;
  let alice: TestUser;
  let cacheDir: string;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        blobs: async (dir) => {
          cacheDir = dir;
          return createS3BlobStore({
            location: parseS3Url(`s3://${s3.bucket}/app`),
            cacheDir: dir,
            client: s3.client,
          });
        },
      },
    );
    alice = await addUser(t, 'alice');
  });
  afterAll(() => t.close());

  /** Empties the working copy, as a new process (or a lost disk) would have it. */
  const forgetWorkingCopy = async () => {
    for (const name of await readdir(cacheDir)) {
      if (name !== 'tmp') await rm(path.join(cacheDir, name), { recursive: true, force: true });
    }
  };

  it('publishes, then serves pages, byte ranges and Parquet with an empty working copy', async () => {
    const d = await createDataset(t, alice, { name: 'In the bucket' });
    const url = `/api/v1/datasets/${d.id}/versions/1/download?format=csv`;
    const whole = await t.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    await forgetWorkingCopy();

    const part = await t.app.inject({ url, headers: { range: 'bytes=2-6' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(2, 7));
    const rows = await t.app.inject({ url: `/api/v1/datasets/${d.id}/versions/1/rows?limit=2` });
    expect(rows.statusCode).toBe(200);
    expect(rows.json<{ rows: unknown[][] }>().rows[0]).toEqual(['北京', 21893095, 2020]);
    const parquet = await t.app.inject({
      url: `/api/v1/datasets/${d.id}/versions/1/download?format=parquet`,
    });
    expect(parquet.statusCode).toBe(200);
    expect(parquet.rawPayload.subarray(0, 4).toString()).toBe('PAR1');
  });

  it('collects blobs no version holds, and keeps the others', async () => {
    const kept = await createDataset(t, alice, { name: 'Kept' });
    const orphan = await fileWith(t.ctx.blobs, Buffer.from('left by a crashed upload'));
    await t.ctx.blobs.putFile(orphan.temp, orphan.sha);
    const result = await sweepBlobs(t.ctx, Date.now() + 2 * 60 * 60 * 1000);
    expect(result.removed).toBe(1);
    expect(await t.ctx.blobs.has(orphan.sha)).toBe(false);
    const download = await t.app.inject({
      url: `/api/v1/datasets/${kept.id}/versions/1/download`,
    });
    expect(download.statusCode).toBe(200);
  });

  it('collects derived files left beside no table, in the bucket and in the working copy', async () => {
    const kept = await createDataset(t, alice, { name: 'Kept with its files' });
    const keptSha = (kept.versions as { sha256: string }[])[0]!.sha256;
    const gone = await fileWith(t.ctx.blobs, Buffer.from('deleted while its copy was built'));
    await t.ctx.blobs.putFile(gone.temp, gone.sha);
    await t.ctx.blobs.delete(gone.sha);
    // A build that finishes after the release sends its Parquet copy to the bucket.
    const late = t.ctx.blobs.tempPath();
    await writeFile(late, 'PAR1 written after the release');
    await t.ctx.blobs.putDerived(late, gone.sha, '.parquet');
    // Statistics this working copy fetched before another process released their table.
    const fetched = t.ctx.blobs.derivedPath(gone.sha, '.stats.json');
    await mkdir(path.dirname(fetched), { recursive: true });
    await writeFile(fetched, '{}');

    await sweepBlobs(t.ctx, Date.now() + 2 * 60 * 60 * 1000);
    expect(await t.ctx.blobs.hasDerived(gone.sha, '.parquet')).toBe(false);
    expect(await t.ctx.blobs.hasDerived(gone.sha, '.stats.json')).toBe(false);
    await forgetWorkingCopy();
    expect(await t.ctx.blobs.hasDerived(keptSha, '.parquet')).toBe(true);
    expect(await t.ctx.blobs.hasDerived(keptSha, '.stats.json')).toBe(true);
    const parquet = await t.app.inject({
      url: `/api/v1/datasets/${kept.id}/versions/1/download?format=parquet`,
    });
    expect(parquet.statusCode).toBe(200);
  });
});
