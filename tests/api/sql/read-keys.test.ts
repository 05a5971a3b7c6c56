import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '../../support/users.ts';
import { caller, newDataset, setPublic, suiteApp } from '../../support/api.ts';

const t = suiteApp();
let call: ReturnType<typeof caller>;
let owner: SignedUp;
let ann: SignedUp;

beforeAll(async () => {
  call = caller(t);
  [owner, ann] = await Promise.all([signUp(t.app), signUp(t.app)]);
});

const fetchUrl = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

describe('read keys (the SQL console on a private dataset)', () => {
  it('read a private version without a bearer token, by ranges, for that version only', async () => {
    const dataset = await newDataset(t, owner, { is_public: false });
    expect((await fetchUrl(`/datasets/${dataset.id}/versions/1/data.parquet`)).statusCode).toBe(
      404,
    );
    const issued = await call('POST', `/datasets/${dataset.id}/versions/1/read-key`, owner);
    expect(issued.statusCode).toBe(200);
    const { url, key, expires_at } = issued.json<{
      url: string;
      key: string;
      expires_at: string;
    }>();
    expect(url).toBe(`/datasets/${dataset.id}/versions/1/data.parquet?key=${key}`);
    expect(Date.parse(expires_at)).toBeGreaterThan(Date.now() + 30 * 60_000);

    const whole = await fetchUrl(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toContain('parquet');
    expect(whole.rawPayload.subarray(0, 4).toString()).toBe('PAR1');
    expect(whole.headers['cache-control']).toBe('private, no-store');
    const tail = await fetchUrl(url, { range: 'bytes=-8' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.subarray(4).toString()).toBe('PAR1');

    const other = await newDataset(t, owner, { is_public: false });
    for (const wrong of [
      `/datasets/${other.id}/versions/1/data.parquet?key=${key}`,
      `/datasets/${dataset.id}/versions/2/data.parquet?key=${key}`,
      `/datasets/${dataset.id}/latest/data.parquet?key=${key}`,
      `/datasets/${dataset.id}/versions/1/data.parquet?key=${key.slice(0, -2)}xx`,
      `/datasets/${dataset.id}/versions/1/data.parquet?key=${owner.token}`,
    ]) {
      const res = await fetchUrl(wrong);
      expect(res.statusCode, wrong).toBe(401);
      expect(res.json().code).toBe('READ_KEY_INVALID');
    }
    // A read key is no access token.
    const asBearer = await fetchUrl('/users/me', { authorization: `Bearer ${key}` });
    expect(asBearer.statusCode).toBe(401);
  });

  it('are issued only to those who may see the dataset, and stop reading when they no longer may', async () => {
    const dataset = await newDataset(t, owner);
    const path = `/datasets/${dataset.id}/versions/1/read-key`;
    expect((await call('POST', path)).statusCode).toBe(401);
    const key = (await call('POST', path, ann)).json<{ url: string }>();
    expect((await fetchUrl(key.url)).statusCode).toBe(200);
    expect(
      (await call('POST', `/datasets/${dataset.id}/versions/9/read-key`, ann)).json().code,
    ).toBe('VERSION_NOT_FOUND');

    await setPublic(t, owner, dataset.id, false);
    const refused = await call('POST', path, ann);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('DATASET_NOT_FOUND');
    expect((await fetchUrl(key.url)).statusCode).toBe(404);
  });
});
