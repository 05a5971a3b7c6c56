import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiTokens } from '../../src/server/db/schema.ts';
import { createDataset, type TestUser, suiteApp, suiteUser } from '../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');
const bob = suiteUser(t, 'bob');

type Created = {
  id: number;
  token: string;
  prefix: string;
  scope: string;
  expires_at: string | null;
};

async function newToken(user: TestUser, body: Record<string, unknown>): Promise<Created> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/tokens',
    headers: user.headers,
    payload: body,
  });
  expect(res.statusCode).toBe(201);
  return res.json<Created>();
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: Record<string, unknown>,
): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload }),
  });

describe('personal access tokens', () => {
  it('answers the secret once, lists tokens without it, and stores only a hash', async () => {
    const created = await newToken(alice, {
      name: 'nightly job',
      scope: 'read',
      expires_in_days: 30,
    });
    expect(created.token).toMatch(/^shf_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.token.slice(0, 8));
    expect(Date.parse(created.expires_at ?? '') - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tokens',
      headers: alice.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token);
    expect(
      list.json<{ tokens: { id: number; name: string; last_used_at: null }[] }>().tokens,
    ).toEqual([
      expect.objectContaining({
        id: created.id,
        name: 'nightly job',
        scope: 'read',
        last_used_at: null,
      }),
    ]);
    const rows = await t.ctx.db.select().from(apiTokens);
    expect(
      rows.some((r) => r.tokenHash.includes(created.token) || r.tokenHash === created.token),
    ).toBe(false);
    // Someone else sees only their own.
    const bobs = await t.app.inject({ method: 'GET', url: '/api/v1/tokens', headers: bob.headers });
    expect(bobs.json<{ tokens: unknown[] }>().tokens).toEqual([]);
  });

  it('a read token reads what its owner may, private datasets included, and records its use', async () => {
    const secret = await createDataset(t, alice, { name: 'alice private', is_public: false });
    const { token, id } = await newToken(alice, { name: 'reader', scope: 'read' });
    const res = await call('GET', `/datasets/${secret.id}`, token);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/users/me', token)).json<{ user: { id: number } }>().user.id).toBe(
      alice.id,
    );
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tokens',
      headers: alice.headers,
    });
    const mine = listed.json<{ tokens: { id: number; last_used_at: string | null }[] }>().tokens;
    await expect
      .poll(async () => {
        const again = await t.app.inject({
          method: 'GET',
          url: '/api/v1/tokens',
          headers: alice.headers,
        });
        return again
          .json<{ tokens: { id: number; last_used_at: string | null }[] }>()
          .tokens.find((x) => x.id === id)?.last_used_at;
      })
      .not.toBeNull();
    expect(mine.length).toBeGreaterThan(0);
  });

  it('a read token may not write: 403 TOKEN_SCOPE_INSUFFICIENT, nothing written', async () => {
    const { token } = await newToken(alice, { name: 'reader 2', scope: 'read' });
    const res = await call('POST', '/datasets', token, {
      name: 'nope',
      attributes: ['a'],
      entries: [[1]],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'TOKEN_SCOPE_INSUFFICIENT' });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/datasets/me',
      headers: alice.headers,
    });
    expect(mine.body).not.toContain('"nope"');
  });

  it('a write token publishes, favourites, rates, follows and deletes', async () => {
    const { token } = await newToken(alice, { name: 'writer', scope: 'write' });
    const created = await call('POST', '/datasets', token, {
      name: 'by token',
      attributes: ['a'],
      entries: [[1]],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    const bobs = await createDataset(t, bob, { name: 'bob public' });
    expect(
      (await call('POST', '/favorites', token, { dataset_id: bobs.id })).statusCode,
    ).toBeLessThan(300);
    expect(
      (await call('POST', `/datasets/${bobs.id}/rate`, token, { score: 4 })).statusCode,
    ).toBeLessThan(300);
    expect((await call('POST', `/users/${bob.id}/follow`, token)).statusCode).toBeLessThan(300);
    expect((await call('DELETE', `/datasets/${id}`, token)).statusCode).toBe(204);
  });

  it('no token may manage tokens, change the password or delete the account', async () => {
    const { token } = await newToken(alice, { name: 'writer 2', scope: 'write' });
    const attempts = [
      await call('GET', '/tokens', token),
      await call('POST', '/tokens', token, { name: 'more', scope: 'write' }),
      await call('DELETE', '/tokens/1', token),
      await call('PUT', '/users/me/password', token, {
        current_password: 'x',
        new_password: 'yyyyyyyy',
      }),
      await call('DELETE', '/users/me', token, { password: 'x' }),
    ];
    expect(attempts.map((r) => [r.statusCode, r.json<{ code: string }>().code])).toEqual(
      attempts.map(() => [403, 'TOKEN_NOT_ALLOWED']),
    );
  });

  it('revoked, expired and unknown tokens answer 401 with their own codes', async () => {
    const { token, id } = await newToken(alice, { name: 'short lived', scope: 'read' });
    expect((await call('GET', '/users/me', token)).statusCode).toBe(200);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tokens/${id}`,
      headers: alice.headers,
    });
    expect(revoke.statusCode).toBe(204);
    const revoked = await call('GET', '/users/me', token);
    expect([revoked.statusCode, revoked.json<{ code: string }>().code]).toEqual([
      401,
      'API_TOKEN_REVOKED',
    ]);
    // Revoked tokens leave the list; revoking again or someone else's is 404.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tokens/${id}`,
      headers: alice.headers,
    });
    expect(again.statusCode).toBe(404);

    const old = await newToken(alice, { name: 'old', scope: 'read', expires_in_days: 1 });
    await t.ctx.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await call('GET', '/users/me', old.token);
    expect([expired.statusCode, expired.json<{ code: string }>().code]).toEqual([
      401,
      'API_TOKEN_EXPIRED',
    ]);

    const unknown = await call('GET', '/users/me', `shf_${'x'.repeat(43)}`);
    expect([unknown.statusCode, unknown.json<{ code: string }>().code]).toEqual([
      401,
      'API_TOKEN_INVALID',
    ]);
  });

  it('refuses bad input with field errors', async () => {
    const cases = [
      { name: '', scope: 'read' },
      { name: 'x', scope: 'admin' },
      { name: 'x', scope: 'read', expires_in_days: 0 },
      { name: 'x'.repeat(65), scope: 'read' },
    ];
    for (const payload of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/tokens',
        headers: alice.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      headers: alice.headers,
      payload: { name: '', scope: 'read' },
    });
    for (const name of ['\u200b', ' \ufeff ', '\u00ad', '\ufe0f\u2060']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/tokens',
        headers: alice.headers,
        payload: { name, scope: 'read' },
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toEqual(empty.json());
    }
    for (const [name, character] of [
      ['a\u202eb', 'U+202E'],
      ['\u2066nightly\u2069', 'U+2066'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/tokens',
        headers: alice.headers,
        payload: { name, scope: 'read' },
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [
          {
            field: 'name',
            message: `Name contains a character that is not allowed (${character})`,
          },
        ],
      });
    }
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      payload: { name: 'x', scope: 'read' },
    });
    expect(guest.statusCode).toBe(401);
  });
});
