import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset, DownloadFormat } from '../../src/contracts/datasets.ts';
import { RENDERED_SUFFIX } from '../../src/server/blobs/store.ts';
import { createS3BlobStore, parseS3Url } from '../../src/server/blobs/s3-store.ts';
import { run } from '../../src/cli/main.ts';
import { DOWNLOAD_LINK_SECONDS } from '../../src/server/services/datasets/downloads.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { addUser, createDataset, get, type TestUser } from '../support/api.ts';
import { signedFor, startTestS3, type TestS3 } from '../support/s3.ts';

/** Downloads with BLOB_REDIRECT=true: 302 to a presigned URL of the bucket (s3rver). */
let s3: TestS3;
let t: TestApp;
let alice: TestUser;
const PREFIX = 'redirect';

beforeAll(async () => {
  s3 = await startTestS3();
  const location = parseS3Url(`s3://${s3.bucket}/${PREFIX}`);
  t = await createTestApp(
    { BLOB_STORE: `s3://${s3.bucket}/${PREFIX}`, BLOB_REDIRECT: 'true' },
    { blobs: (cacheDir) => createS3BlobStore({ location, cacheDir, client: s3.client }) },
  );
  alice = await addUser(t, 'alice');
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const FORMATS: DownloadFormat[] = ['csv', 'json', 'jsonl', 'parquet'];
/** Where a format's file lies in the bucket: text formats are named by their rendering. */
const suffixOf = (format: DownloadFormat) =>
  format === 'parquet' ? '.parquet' : RENDERED_SUFFIX[format];
const urlOf = (d: Dataset, format: DownloadFormat) =>
  `/api/v1/datasets/${d.id}/versions/1/download?format=${format}`;
const shaOf = (d: Dataset) => (d.versions as { sha256: string }[])[0]!.sha256;

/** The download as the server streams it without BLOB_REDIRECT, from an address never counted. */
async function streamed(url: string, user?: TestUser) {
  t.ctx.config.blobRedirect = false;
  try {
    return await t.app.inject({ url, headers: user?.headers ?? {}, remoteAddress: '10.9.9.9' });
  } finally {
    t.ctx.config.blobRedirect = true;
  }
}

/** The answer's Location, checked to be a redirect no cache keeps. */
function linkOf(res: { statusCode: number; headers: Record<string, unknown> }): URL {
  expect(res.statusCode).toBe(302);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return new URL(String(res.headers['location']));
}

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

const downloads = async (d: Dataset) =>
  (await get(t, `/datasets/${d.id}`, alice)).json<Dataset>().download_count;

/** The object names in the bucket for a table (the blob and its derived files). */
async function objectsOf(sha256: string): Promise<string[]> {
  const Prefix = `${PREFIX}/${sha256.slice(0, 2)}/${sha256.slice(2)}`;
  const page = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix }));
  return (page.Contents ?? []).map((o) => o.Key!.slice(Prefix.length)).sort();
}

describe('downloads with BLOB_REDIRECT', () => {
  it('answer 302 to a presigned URL in the bucket that gives the streamed bytes under the same name', async () => {
    const d = await createDataset(t, alice, { name: '中国人口普查 2020' });
    const sha = shaOf(d);
    for (const format of FORMATS) {
      const link = linkOf(await t.app.inject({ url: urlOf(d, format) }));
      expect(link.origin).toBe(s3.endpoint);
      expect(link.pathname).toBe(
        `/${s3.bucket}/${PREFIX}/${sha.slice(0, 2)}/${sha.slice(2)}${suffixOf(format)}`,
      );
      expect(link.searchParams.get('X-Amz-Expires')).toBe(String(DOWNLOAD_LINK_SECONDS));
      expect(signedFor(link, 'GET')).toBe(true);

      const file = await fetch(link);
      const expected = await streamed(urlOf(d, format));
      expect(expected.statusCode).toBe(200);
      expect(file.status).toBe(200);
      expect(await bytesOf(file)).toEqual(expected.rawPayload);
      expect(file.headers.get('content-type')).toBe(expected.headers['content-type']);
      expect(file.headers.get('content-disposition')).toBe(expected.headers['content-disposition']);
      expect(file.headers.get('content-disposition')).toContain(`-v1.${format}`);
    }
    // The text renders are in the bucket only; the working copy keeps what the engine reads.
    for (const suffix of Object.values(RENDERED_SUFFIX)) {
      expect(existsSync(t.ctx.blobs.derivedPath(sha, suffix))).toBe(false);
    }
  });

  it('answer HEAD with a URL signed for HEAD, and a range through the link gives that slice', async () => {
    const d = await createDataset(t, alice, { name: 'Heads and ranges' });
    for (const format of ['parquet', 'csv'] as const) {
      const whole = (await streamed(urlOf(d, format))).rawPayload;
      const head = linkOf(await t.app.inject({ method: 'HEAD', url: urlOf(d, format) }));
      expect(signedFor(head, 'HEAD')).toBe(true);
      expect(signedFor(head, 'GET')).toBe(false);
      const headed = await fetch(head, { method: 'HEAD' });
      expect(headed.status).toBe(200);
      expect(headed.headers.get('content-length')).toBe(String(whole.length));

      const range = { range: 'bytes=4-11' };
      const link = linkOf(await t.app.inject({ url: urlOf(d, format), headers: range }));
      const part = await fetch(link, { headers: range });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 4-11/${whole.length}`);
      expect(await bytesOf(part)).toEqual(whole.subarray(4, 12));
    }
  });

  it('keep a private dataset hidden: 404 for a guest, a working link for its owner', async () => {
    const d = await createDataset(t, alice, { name: 'Kept to myself', is_public: false });
    for (const format of ['csv', 'parquet'] as const) {
      const guest = await t.app.inject({ url: urlOf(d, format) });
      expect(guest.statusCode).toBe(404);
      expect(guest.headers['location']).toBeUndefined();
      const guestHead = await t.app.inject({ method: 'HEAD', url: urlOf(d, format) });
      expect(guestHead.statusCode).toBe(404);

      const link = linkOf(await t.app.inject({ url: urlOf(d, format), headers: alice.headers }));
      const file = await fetch(link);
      expect(file.status).toBe(200);
      expect(await bytesOf(file)).toEqual((await streamed(urlOf(d, format), alice)).rawPayload);
    }
  });

  it('count a GET once, before the redirect; HEAD and ranges do not count', async () => {
    const d = await createDataset(t, alice, { name: 'Counted' });
    const from = { remoteAddress: '10.1.2.3' };
    linkOf(await t.app.inject({ method: 'HEAD', url: urlOf(d, 'csv'), ...from }));
    linkOf(await t.app.inject({ url: urlOf(d, 'csv'), headers: { range: 'bytes=0-9' }, ...from }));
    expect(await downloads(d)).toBe(0);
    linkOf(await t.app.inject({ url: urlOf(d, 'csv'), ...from }));
    expect(await downloads(d)).toBe(1);
    linkOf(await t.app.inject({ url: urlOf(d, 'json'), ...from }));
    expect(await downloads(d)).toBe(1);
    linkOf(await t.app.inject({ url: urlOf(d, 'csv'), remoteAddress: '10.1.2.4' }));
    expect(await downloads(d)).toBe(2);
  });

  it('render a text format once for simultaneous first requests, and remove it with the blob', async () => {
    const d = await createDataset(t, alice, {
      name: 'Rendered once',
      attributes: ['n'],
      entries: [[1], [2], [3]],
    });
    const sha = shaOf(d);
    const store = t.ctx.blobs;
    const putDerived = store.putDerived;
    const written: string[] = [];
    store.putDerived = async (temp, sha256, suffix) => {
      written.push(suffix);
      return putDerived(temp, sha256, suffix);
    };
    try {
      const answers = await Promise.all(
        [1, 2, 3].map((i) =>
          t.app.inject({ url: urlOf(d, 'jsonl'), remoteAddress: `10.2.0.${i}` }),
        ),
      );
      for (const answer of answers) linkOf(answer);
    } finally {
      store.putDerived = putDerived;
    }
    expect(written).toEqual([RENDERED_SUFFIX.jsonl]);
    for (const format of FORMATS) linkOf(await t.app.inject({ url: urlOf(d, format) }));
    expect(await objectsOf(sha)).toEqual([
      '',
      '.parquet',
      RENDERED_SUFFIX.csv,
      RENDERED_SUFFIX.json,
      RENDERED_SUFFIX.jsonl,
      '.stats.json',
    ]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/datasets/${d.id}`,
      headers: alice.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await objectsOf(sha)).toEqual([]);
  });

  it('let `sheaf pull` follow the link, and resume a partial file through it', async () => {
    const d = await createDataset(t, alice, { name: 'pulled through the bucket' });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const dir = await mkdtemp(path.join(tmpdir(), 'sheaf-pull-'));
    const sheaf = async (args: string[]) => {
      let err = '';
      const code = await run(args, {
        out: () => undefined,
        err: { isTTY: false, write: (text: string) => (err += text) },
        env: { SHEAF_API: base, SHEAF_CONFIG_DIR: path.join(dir, 'config') },
        stdin: async () => '',
      });
      return { code, err };
    };
    try {
      for (const format of ['csv', 'parquet'] as const) {
        const expected = (await streamed(urlOf(d, format))).rawPayload;
        const whole = path.join(dir, `whole.${format}`);
        const pulled = await sheaf(['pull', String(d.id), '--format', format, '-o', whole]);
        expect(pulled.code, pulled.err).toBe(0);
        expect((await readFile(whole)).equals(expected)).toBe(true);

        // An interrupted pull kept 10 bytes and the ETag the bucket sent with them.
        const link = linkOf(await t.app.inject({ url: urlOf(d, format), method: 'HEAD' }));
        const etag = (await fetch(link, { method: 'HEAD' })).headers.get('etag');
        expect(etag).toBeTruthy();
        const again = path.join(dir, `again.${format}`);
        await writeFile(`${again}.part`, expected.subarray(0, 10));
        await writeFile(`${again}.part.etag`, etag!);
        const resumed = await sheaf(['pull', String(d.id), '--format', format, '-o', again]);
        expect(resumed.code, resumed.err).toBe(0);
        expect(resumed.err).toContain('Resuming');
        expect((await readFile(again)).equals(expected)).toBe(true);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
