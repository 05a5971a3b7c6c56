import { describe, expect, it } from 'vitest';
import { suiteApp, suiteUser } from '../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');

describe('a request body that is not JSON', () => {
  it('is 415 UNSUPPORTED_MEDIA_TYPE, whether text/plain or a form', async () => {
    const json = JSON.stringify({ identifier: 'alice', password: 'correct-horse-9' });
    for (const [method, url, type] of [
      ['POST', '/api/v1/auth/login', 'text/plain'],
      ['POST', '/api/v1/auth/login', 'text/plain; charset=utf-8'],
      ['PUT', '/api/v1/users/me', 'text/plain'],
      ['POST', '/api/v1/favorites', 'application/x-www-form-urlencoded'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { ...alice.headers, 'content-type': type },
        payload: json,
      });
      expect([url, type, res.statusCode, res.json()]).toEqual([
        url,
        type,
        415,
        { message: 'Unsupported Media Type', code: 'UNSUPPORTED_MEDIA_TYPE', details: null },
      ]);
    }
  });
});
