import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { s3ClientFromEnv } from '../../src/server/blobs/s3-store.ts';

/** A local S3-compatible server (s3rver) with one bucket, a client for it, and a work folder. */
export type TestS3 = {
  client: S3Client;
  /** The server's address, which presigned URLs start with. */
  endpoint: string;
  bucket: string;
  /** A temporary folder for the server's files and the stores' working copies. */
  work: string;
  close: () => Promise<void>;
};

/** The test server's secret key: presigned URLs are signed with it. */
const SECRET = 'S3RVER';

const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** URI encoding as Signature Version 4 wants it: everything but A-Z a-z 0-9 - _ . ~ */
const encode = (s: string) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * Whether a presigned URL's Signature Version 4 is right for a `method` request with the test
 * server's key. s3rver checks the key id and the expiry of such a URL but not its signature, so
 * the tests check it here: it covers the method, the object and every query parameter (the
 * `response-content-*` overrides among them), and only the `host` header.
 */
export function signedFor(url: URL, method: 'GET' | 'HEAD'): boolean {
  const query = url.searchParams;
  const [, day = '', region = '', service = ''] = (query.get('X-Amz-Credential') ?? '').split('/');
  const canonicalQuery = [...query]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    method,
    url.pathname,
    canonicalQuery,
    `host:${url.host}\n`,
    query.get('X-Amz-SignedHeaders'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    query.get('X-Amz-Date'),
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  let key = hmac(`AWS4${SECRET}`, day);
  for (const part of [region, service, 'aws4_request']) key = hmac(key, part);
  return hmac(key, stringToSign).toString('hex') === query.get('X-Amz-Signature');
}

export async function startTestS3(): Promise<TestS3> {
  const bucket = 'sheaf-tables';
  const work = await mkdtemp(path.join(tmpdir(), 'sheaf-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: path.join(work, 's3'),
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = s3ClientFromEnv({
    AWS_ENDPOINT_URL: endpoint,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: SECRET,
  });
  return {
    client,
    endpoint,
    bucket,
    work,
    close: async () => {
      client.destroy();
      await server.close();
      await rm(work, { recursive: true, force: true });
    },
  };
}
