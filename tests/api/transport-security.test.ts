import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

let direct: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  direct = await createTestApp();
  proxied = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

const hsts = async (t: TestApp, headers: Record<string, string> = {}) =>
  (await t.app.inject({ url: '/api/v1/datasets', headers })).headers['strict-transport-security'];

describe('Strict-Transport-Security', () => {
  it('is not sent over plain http', async () => {
    expect(await hsts(direct)).toBeUndefined();
    expect(await hsts(proxied)).toBeUndefined();
    expect(await hsts(proxied, { 'x-forwarded-proto': 'http' })).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over https', async () => {
    expect(await hsts(proxied, { 'x-forwarded-proto': 'https' })).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('is not sent on the word of a proxy that is not trusted', async () => {
    expect(await hsts(direct, { 'x-forwarded-proto': 'https' })).toBeUndefined();
  });
});
