import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { suiteApp, suiteUser } from '../support/api.ts';

const redisUrl = process.env['TEST_REDIS_URL'];

describe('API-wide rate limit', () => {
  const t = suiteApp({ RATE_LIMIT_IP_PER_MINUTE: '3', RATE_LIMIT_USER_PER_MINUTE: '5' });
  const alice = suiteUser(t, 'alice');

  const list = (headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'GET', url: '/api/v1/datasets', headers, remoteAddress });

  it('counts a guest per address, says what is left, then answers 429 RATE_LIMITED', async () => {
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await list();
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('3');
      remaining.push(String(res.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await list();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests, try again in \d+ seconds$/) as string,
      details: { limit: 3 },
    });
    // Another address is counted on its own.
    expect((await list({}, '10.0.0.2')).statusCode).toBe(200);
  });

  it('counts a signed-in user per account, with the user limit, from any address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push((await list(alice.headers, i % 2 ? '10.0.1.1' : '10.0.1.2')).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('never limits the health check', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/health',
        remoteAddress: '10.0.2.1',
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('is off when both limits are 0 (no headers)', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({ method: 'GET', url: '/api/v1/datasets' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});

describe.runIf(redisUrl)('rate limit shared through Redis', () => {
  it('two processes count one address together', async () => {
    const env = {
      RATE_LIMIT_IP_PER_MINUTE: '2',
      RATE_LIMIT_USER_PER_MINUTE: '2',
      REDIS_URL: redisUrl ?? '',
    };
    const [a, b] = [await createTestApp(env), await createTestApp(env)];
    try {
      const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const get = (app: TestApp) =>
        app.app.inject({ method: 'GET', url: '/api/v1/datasets', remoteAddress: address });
      const codes = [
        (await get(a)).statusCode,
        (await get(b)).statusCode,
        (await get(a)).statusCode,
      ];
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('two sites sharing one Redis count apart', async () => {
    const env = {
      RATE_LIMIT_IP_PER_MINUTE: '2',
      RATE_LIMIT_USER_PER_MINUTE: '2',
      REDIS_URL: redisUrl ?? '',
    };
    const a = await createTestApp({ ...env, PUBLIC_SITE_URL: 'https://data.example.org' });
    const b = await createTestApp({ ...env, PUBLIC_SITE_URL: 'https://tables.example.net' });
    try {
      const address = `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const get = (app: TestApp) =>
        app.app.inject({ method: 'GET', url: '/api/v1/datasets', remoteAddress: address });
      const codes = [
        (await get(a)).statusCode,
        (await get(a)).statusCode,
        (await get(b)).statusCode,
        (await get(b)).statusCode,
        (await get(a)).statusCode,
      ];
      expect(codes).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
