import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createFsBlobStore } from './fs-store.ts';
import {
  DERIVED_SUFFIXES,
  derivedFileOf,
  RENDERED_SUFFIXES,
  type BlobStore,
  type DerivedLink,
  type DerivedSuffix,
} from './store.ts';
import { isOneOf } from '../../contracts/narrowing.ts';

/** Parts of a multipart upload (S3's minimum is 5 MB); files up to one part go in one PUT. */
const PART_BYTES = 16 * 1024 * 1024;

export type S3Location = { bucket: string; prefix: string };

/** `s3://bucket/some/prefix` → bucket and prefix (without slashes at its ends). */
export function parseS3Url(url: string): S3Location {
  const parsed = new URL(url);
  return { bucket: parsed.hostname, prefix: parsed.pathname.replace(/^\/+|\/+$/g, '') };
}

/**
 * A client from the usual AWS settings (AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
 * AWS_ENDPOINT_URL…). With an endpoint of its own (MinIO, Ceph, R2, a test server) addresses
 * are path-style. Checksums only where S3 requires them, which every S3-compatible store takes.
 */
export function s3ClientFromEnv(env: Record<string, string | undefined>): S3Client {
  const endpoint = env['AWS_ENDPOINT_URL_S3'] ?? env['AWS_ENDPOINT_URL'];
  const accessKeyId = env['AWS_ACCESS_KEY_ID'];
  const secretAccessKey = env['AWS_SECRET_ACCESS_KEY'];
  const sessionToken = env['AWS_SESSION_TOKEN'];
  return new S3Client({
    region: env['AWS_REGION'] ?? env['AWS_DEFAULT_REGION'] ?? 'us-east-1',
    // Keys when given; otherwise the SDK's own chain (profiles, instance and container roles).
    ...(accessKeyId &&
      secretAccessKey && {
        credentials: { accessKeyId, secretAccessKey, ...(sessionToken && { sessionToken }) },
      }),
    ...(endpoint && { endpoint, forcePathStyle: true }),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);

/** One bucket and key prefix, through one client. */
type Bucket = { client: S3Client; name: string; prefix: string };

const keyOf = (bucket: Bucket, sha: string, suffix = '') => {
  if (!/^[0-9a-f]{64}$/.test(sha)) throw new Error(`not a sha256: ${sha}`);
  return `${bucket.prefix ? `${bucket.prefix}/` : ''}${sha.slice(0, 2)}/${sha.slice(2)}${suffix}`;
};

/** One PUT, or a multipart upload past PART_BYTES. */
const uploadFile = (bucket: Bucket, file: string, key: string) =>
  new Upload({
    client: bucket.client,
    params: { Bucket: bucket.name, Key: key, Body: createReadStream(file) },
    partSize: PART_BYTES,
    queueSize: 2,
  }).done();

async function objectExists(bucket: Bucket, key: string): Promise<boolean> {
  try {
    await bucket.client.send(new HeadObjectCommand({ Bucket: bucket.name, Key: key }));
    return true;
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
}

/** The object as a stream that fails like a file stream would (missing, cut off). */
function readObject(bucket: Bucket, key: string): Readable {
  const out = new PassThrough();
  bucket.client
    .send(new GetObjectCommand({ Bucket: bucket.name, Key: key }))
    .then((answer) => pipeline(answer.Body as Readable, out))
    .catch((err: unknown) =>
      out.destroy(isNotFound(err) ? noSuchObject(key, err) : (err as Error)),
    );
  return out;
}

/** A missing object fails as a missing file does (`ENOENT`), whichever store holds the blobs. */
function noSuchObject(key: string, cause: unknown): Error {
  return Object.assign(new Error(`No such object: ${key}`, { cause }), { code: 'ENOENT' });
}

/** Writes the object to `file`; false when there is no such object. */
async function downloadObject(bucket: Bucket, key: string, file: string): Promise<boolean> {
  try {
    const answer = await bucket.client.send(
      new GetObjectCommand({ Bucket: bucket.name, Key: key }),
    );
    await pipeline(answer.Body as Readable, createWriteStream(file));
    return true;
  } catch (err) {
    await rm(file, { force: true });
    if (isNotFound(err)) return false;
    throw err;
  }
}

/**
 * A presigned URL for one request on the object. A signature covers its method, so HEAD needs
 * a URL of its own; `response-content-*` make the bucket answer with the download's headers.
 */
function presign(bucket: Bucket, key: string, link: DerivedLink): Promise<string> {
  const params = {
    Bucket: bucket.name,
    Key: key,
    ResponseContentType: link.contentType,
    ResponseContentDisposition: link.contentDisposition,
  };
  const command =
    link.method === 'HEAD' ? new HeadObjectCommand(params) : new GetObjectCommand(params);
  return getSignedUrl(bucket.client, command, { expiresIn: link.expiresIn });
}

/**
 * Every object under the prefix, named as in the file store (`ab` and the rest: a blob's sha256,
 * with its suffix if derived), with the time it was written.
 */
async function* listObjects(bucket: Bucket): AsyncIterable<{ name: string; writtenAt: Date }> {
  const start = bucket.prefix ? `${bucket.prefix}/` : '';
  let token: string | undefined;
  do {
    const page = await bucket.client.send(
      new ListObjectsV2Command({ Bucket: bucket.name, Prefix: start, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) {
      const match = /^([0-9a-f]{2})\/([^/]+)$/.exec(object.Key?.slice(start.length) ?? '');
      if (match)
        yield { name: match[1]! + match[2]!, writtenAt: object.LastModified ?? new Date() };
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** Deletes the objects (any of them may be missing). */
async function deleteObjects(bucket: Bucket, keys: string[]): Promise<void> {
  const Delete = { Objects: keys.map((Key) => ({ Key })), Quiet: true };
  await bucket.client.send(new DeleteObjectsCommand({ Bucket: bucket.name, Delete }));
}

/** Deletes the object unless it was written at or after `writtenBefore`; whether it did. */
async function deleteOlderObject(
  bucket: Bucket,
  key: string,
  writtenBefore: Date,
): Promise<boolean> {
  try {
    const head = await bucket.client.send(new HeadObjectCommand({ Bucket: bucket.name, Key: key }));
    if (!head.LastModified || head.LastModified >= writtenBefore) return false;
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
  await bucket.client.send(new DeleteObjectCommand({ Bucket: bucket.name, Key: key }));
  return true;
}

/**
 * Table files in S3 (`BLOB_STORE=s3://bucket/prefix`), keyed like the file store
 * (`prefix/ab/cdef…`, derived files with their suffix). A local folder (`cacheDir`) is the
 * working copy: DuckDB reads Parquet files from disk, so derived files are brought down when
 * first needed, and a file this process wrote stays there (not the rendered downloads, which
 * only clients read, through `derivedUrl`). The folder is only a cache; any process can start
 * with an empty one. See docs/deploy.md.
 */
export async function createS3BlobStore(options: {
  location: S3Location;
  cacheDir: string;
  client: S3Client;
}): Promise<BlobStore> {
  const bucket: Bucket = {
    client: options.client,
    name: options.location.bucket,
    prefix: options.location.prefix,
  };
  const local = await createFsBlobStore(options.cacheDir);
  const key = (sha: string, suffix = '') => keyOf(bucket, sha, suffix);
  const derivedKeys = (sha: string) => DERIVED_SUFFIXES.map((suffix) => key(sha, suffix));
  const here = (file: string) => existsSync(file);
  return {
    root: local.root,
    tempPath: local.tempPath,
    derivedPath: local.derivedPath,
    async putFile(tempPath, sha) {
      // Stored anew: derived files an earlier copy left in the bucket (a build that finished
      // after its release, maybe in another process) are built again rather than trusted, so
      // the sweep never takes one in use.
      await deleteObjects(bucket, derivedKeys(sha));
      await uploadFile(bucket, tempPath, key(sha));
      // A blob written again was deleted in between (maybe by another process, with its derived
      // files): derived files this working copy still has may be gone from the bucket, so they
      // are built and sent again rather than trusted.
      await local.delete(sha);
      await local.putFile(tempPath, sha);
    },
    has: (sha) => objectExists(bucket, key(sha)),
    read: (sha) =>
      here(path.join(local.root, sha.slice(0, 2), sha.slice(2)))
        ? local.read(sha)
        : readObject(bucket, key(sha)),
    async delete(sha) {
      await deleteObjects(bucket, [key(sha), ...derivedKeys(sha)]);
      await local.delete(sha);
    },
    async *list() {
      for await (const { name, writtenAt } of listObjects(bucket)) {
        if (/^[0-9a-f]{64}$/.test(name)) yield { sha256: name, writtenAt };
      }
    },
    async *listDerived() {
      for await (const { name, writtenAt } of listObjects(bucket)) {
        const derived = derivedFileOf(name);
        if (derived) yield { ...derived, writtenAt };
      }
      // The working copy's own too: a build here may have finished after the blob's release.
      yield* local.listDerived();
    },
    async deleteDerived(sha, suffix, writtenBefore) {
      const inBucket = await deleteOlderObject(bucket, key(sha, suffix), writtenBefore);
      const here = await local.deleteDerived(sha, suffix, writtenBefore);
      return inBucket || here;
    },
    async putDerived(tempPath, sha, suffix) {
      await uploadFile(bucket, tempPath, key(sha, suffix));
      if (isOneOf(RENDERED_SUFFIXES, suffix)) await rm(tempPath);
      else await local.putDerived(tempPath, sha, suffix);
    },
    hasDerived: async (sha, suffix) =>
      here(local.derivedPath(sha, suffix)) || objectExists(bucket, key(sha, suffix)),
    async fetchDerived(sha, suffix: DerivedSuffix) {
      if (here(local.derivedPath(sha, suffix))) return true;
      const temp = local.tempPath();
      if (!(await downloadObject(bucket, key(sha, suffix), temp))) return false;
      await local.putDerived(temp, sha, suffix);
      return true;
    },
    derivedUrl: (sha, suffix, link) => presign(bucket, key(sha, suffix), link),
  };
}
