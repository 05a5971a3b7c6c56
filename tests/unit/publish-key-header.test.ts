// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { freshBrowserEachTest } from '../support/browser.ts';
import { installFakeFetch, json } from '../support/fake-fetch.ts';
import { keysToCamel } from '../../src/lib/case.ts';
import type { User } from '../../src/lib/api/types.ts';
import { wireUser as user } from '../support/wire.ts';

freshBrowserEachTest();

describe("a publish's Idempotency-Key", () => {
  it('goes as the Idempotency-Key header, with the bearer token, only when given', async () => {
    vi.resetModules();
    const { setSession } = await import('../../src/stores/auth.ts');
    const datasetsApi = await import('../../src/lib/api/datasets.ts');
    setSession({
      user: keysToCamel<User>(user),
      accessToken: 'the-token',
      expiresIn: 900,
    });
    const { requests } = installFakeFetch(() => json(201, { id: 3, version: 2 }));
    const payload = { attributes: ['a'], attribute_types: {}, entries: [[1]], changelog: '' };
    await datasetsApi.createVersion(3, payload, { idempotencyKey: 'publish-7' });
    await datasetsApi.createVersion(3, payload);
    expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual(['publish-7', null]);
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer the-token');
  });
});
