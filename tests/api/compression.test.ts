import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, createDataset, suiteApp } from '../support/api.ts';

const t = suiteApp();
let datasetId: number;

beforeAll(async () => {
  const alice = await addUser(t, 'alice');
  for (let i = 0; i < 8; i++) {
    const d = await createDataset(t, alice, {
      name: `城市人口 ${i}`,
      description: '主要城市的人口与面积，按年份整理。'.repeat(4),
    });
    datasetId = d.id;
  }
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('API compression by negotiation', () => {
  it('sends brotli when accepted, the same JSON, varying on the encoding', async () => {
    const plain = await get('/datasets');
    const br = await get('/datasets', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['vary'])).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    // One piece with its length (not a chunked stream): caches and progress bars can use it.
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.headers['transfer-encoding']).toBeUndefined();
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends zstd to a client that takes it', async () => {
    const plain = await get('/datasets');
    const zstd = await get('/datasets', 'gzip, deflate, br, zstd');
    expect(zstd.headers['content-encoding']).toBe('zstd');
    expect(JSON.parse(zstdDecompressSync(zstd.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('honours q=0 and falls back to gzip, or to nothing', async () => {
    const gzip = await get('/datasets', 'br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toHaveProperty('datasets');
    const refused = await get('/datasets', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(String(refused.headers['vary'])).toMatch(/accept-encoding/i);
    const none = await get('/datasets', 'identity');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toHaveProperty('datasets');
  });

  it('weighs an answer in bytes: short Chinese text past 1 KB of UTF-8 is compressed', async () => {
    const alice = await addUser(t, 'carol');
    // A one-cell table, so the answer without a description stays well under 1 KB.
    const d = await createDataset(t, alice, { name: '人口', attributes: ['n'], entries: [[1]] });
    // A description long enough for 1,024 bytes of UTF-8 but not 1,024 characters, whatever else
    // the answer holds: each Chinese character is one character and three bytes.
    const base = (await get(`/datasets/${d.id}`)).payload.length;
    const description = '城'.repeat(1023 - base);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/datasets/${d.id}`,
      headers: alice.headers,
      payload: { description },
    });
    expect(edited.statusCode).toBe(200);
    const plain = await get(`/datasets/${d.id}`);
    // Fewer characters than the 1,024-byte threshold, more bytes.
    expect(plain.payload.length).toBeLessThan(1024);
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(1024);
    const br = await get(`/datasets/${d.id}`, 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves small answers and downloads as they are', async () => {
    const small = await get('/health', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    const csv = await get(`/datasets/${datasetId}/versions/1/download?format=csv`, 'br, gzip');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-encoding']).toBeUndefined();
    expect(Number(csv.headers['content-length'])).toBe(csv.rawPayload.length);
  });
});
