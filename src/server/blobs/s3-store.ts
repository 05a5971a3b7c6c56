import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createFsBlobStore } from './fs-store.ts';
import { DERIVED_SUFFIXES, type BlobStore, type DerivedSuffix } from './store.ts';

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

/**
 * Table files in S3 (`BLOB_STORE=s3://bucket/prefix`), keyed like the file store
 * (`prefix/ab/cdef…`, derived files with their suffix). A local folder (`cacheDir`) is the
 * working copy: DuckDB reads Parquet files from disk, so derived files are brought down when
 * first needed, and a file this process wrote stays there. The folder is only a cache; any
 * process can start with an empty one. See docs/deploy.md.
 */
export async function createS3BlobStore(options: {
  location: S3Location;
  cacheDir: string;
  client: S3Client;
}): Promise<BlobStore> {
  const { client } = options;
  const { bucket, prefix } = options.location;
  const local = await createFsBlobStore(options.cacheDir);
  const keyOf = (sha: string, suffix = '') => {
    if (!/^[0-9a-f]{64}$/.test(sha)) throw new Error(`not a sha256: ${sha}`);
    return `${prefix ? `${prefix}/` : ''}${sha.slice(0, 2)}/${sha.slice(2)}${suffix}`;
  };
  const localBlob = (sha: string) => path.join(local.root, sha.slice(0, 2), sha.slice(2));

  const upload = (file: string, key: string) =>
    new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: createReadStream(file) },
      partSize: PART_BYTES,
      queueSize: 2,
    }).done();

  const exists = async (key: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  };

  return {
    root: local.root,
    tempPath: local.tempPath,
    derivedPath: local.derivedPath,
    async putFile(tempPath, sha) {
      await upload(tempPath, keyOf(sha));
      await local.putFile(tempPath, sha);
    },
    has: (sha) => exists(keyOf(sha)),
    read(sha) {
      if (existsSync(localBlob(sha))) return local.read(sha);
      const out = new PassThrough();
      client
        .send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(sha) }))
        .then((answer) => pipeline(answer.Body as Readable, out))
        .catch((err: unknown) => out.destroy(err as Error));
      return out;
    },
    async delete(sha) {
      const keys = [keyOf(sha), ...DERIVED_SUFFIXES.map((suffix) => keyOf(sha, suffix))];
      await client.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      await local.delete(sha);
    },
    async *list() {
      const start = prefix ? `${prefix}/` : '';
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: start, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const match = /^([0-9a-f]{2})\/([0-9a-f]{62})$/.exec(
            object.Key?.slice(start.length) ?? '',
          );
          if (match) {
            yield { sha256: match[1]! + match[2]!, writtenAt: object.LastModified ?? new Date() };
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async putDerived(tempPath, sha, suffix) {
      await upload(tempPath, keyOf(sha, suffix));
      await local.putDerived(tempPath, sha, suffix);
    },
    async hasDerived(sha, suffix) {
      return existsSync(local.derivedPath(sha, suffix)) || exists(keyOf(sha, suffix));
    },
    async fetchDerived(sha, suffix: DerivedSuffix) {
      if (existsSync(local.derivedPath(sha, suffix))) return true;
      const temp = local.tempPath();
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: keyOf(sha, suffix) }),
        );
        await pipeline(answer.Body as Readable, createWriteStream(temp));
        await local.putDerived(temp, sha, suffix);
        return true;
      } catch (err) {
        await rm(temp, { force: true });
        if (isNotFound(err)) return false;
        throw err;
      }
    },
  };
}
