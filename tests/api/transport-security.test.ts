import { describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { suiteApp } from '../support/api.ts';

const direct = suiteApp();
const proxied = suiteApp({ TRUST_PROXY: 'true' });

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
