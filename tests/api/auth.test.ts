import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../src/server/auth/tokens.ts';
import { refreshTokens, users } from '../../src/server/db/schema.ts';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/app.ts';
import { refreshCookie, signUp } from '../support/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload: payload as object, headers });
const fieldsOf = (res: { json: () => { details: { field: string }[] } }) =>
  res.json().details.map((d) => d.field);
const userCount = async () => (await t.ctx.db.select({ n: count() }).from(users))[0]!.n;

describe('POST /api/v1/auth/register', () => {
  it('creates the account, signs it in and sets the refresh cookie', async () => {
    const res = await post('register', {
      username: 'Ada_Lovelace',
      email: 'ada@example.com',
      password: 'analytical engine',
      nickname: 'Someone else',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      user: {
        id: expect.any(Number),
        username: 'Ada_Lovelace',
        email: 'ada@example.com',
        nickname: 'Ada_Lovelace',
        avatar: '',
        bio: '',
        role: 'user',
        is_active: true,
        is_verified: false,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        last_login_at: expect.any(String),
      },
      access_token: expect.any(String),
      expires_in: 900,
    });
    const cookie = refreshCookie(res)!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/v1/auth',
      maxAge: t.ctx.config.refreshTokenTtl,
    });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value.length).toBeGreaterThan(30);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.json().user.username).toBe('Ada_Lovelace');
  });

  it('stores only the hash of the refresh token', async () => {
    const { user, refreshToken } = await signUp(t.app);
    const rows = await t.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(refreshToken);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a taken username, whatever its case, and keeps no row', async () => {
    await signUp(t.app, { username: 'grace', email: 'grace@example.com' });
    const before = await userCount();
    const res = await post('register', {
      username: 'GRACE',
      email: 'other@example.com',
      password: 'compilers rock',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'USERNAME_TAKEN',
      message: 'Username is already taken',
      details: [{ field: 'username', message: 'Username is already taken' }],
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses a registered e-mail, whatever its case, and keeps no row', async () => {
    await signUp(t.app, { username: 'hopper', email: 'Hopper@Example.com' });
    const before = await userCount();
    const res = await post('register', {
      username: 'hopper2',
      email: 'hopper@EXAMPLE.com',
      password: 'compilers rock',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'E-mail is already registered',
      details: [{ field: 'email' }],
    });
    expect(await userCount()).toBe(before);
  });

  it('names both fields when username and e-mail are both taken', async () => {
    await signUp(t.app, { username: 'turing', email: 'turing@example.com' });
    const res = await post('register', {
      username: 'Turing',
      email: 'TURING@example.com',
      password: 'enigma machine',
    });
    expect(res.statusCode).toBe(409);
    expect(fieldsOf(res)).toEqual(['username', 'email']);
    // Each field names its own refusal, so a form can say it in its language.
    expect(res.json()).toMatchObject({
      code: 'USERNAME_TAKEN',
      details: [
        { field: 'username', code: 'USERNAME_TAKEN' },
        { field: 'email', code: 'EMAIL_TAKEN' },
      ],
    });
  });

  it('lets exactly one of two simultaneous identical registrations win', async () => {
    const before = await userCount();
    const payload = { username: 'twin', email: 'twin@example.com', password: 'same password' };
    const results = await Promise.all([post('register', payload), post('register', payload)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await userCount()).toBe(before + 1);
  });

  it.each([
    ['a missing body', undefined, 'body'],
    ['a missing password', { username: 'abc', email: 'abc@example.com' }, 'password'],
    [
      'a number as username',
      { username: 123, email: 'n@example.com', password: 'p'.repeat(8) },
      'username',
    ],
    [
      'a too short username',
      { username: 'ab', email: 'ab@example.com', password: 'p'.repeat(8) },
      'username',
    ],
    [
      'a too long username',
      { username: 'a'.repeat(33), email: 'l@example.com', password: 'p'.repeat(8) },
      'username',
    ],
    [
      'a username with a space',
      { username: 'ab cd', email: 's@example.com', password: 'p'.repeat(8) },
      'username',
    ],
    [
      'a username starting with _',
      { username: '_abc', email: 'u@example.com', password: 'p'.repeat(8) },
      'username',
    ],
    [
      'a Chinese username',
      { username: '数据集用户', email: 'c@example.com', password: 'p'.repeat(8) },
      'username',
    ],
    [
      'an invalid e-mail',
      { username: 'abcd', email: 'not-an-email', password: 'p'.repeat(8) },
      'email',
    ],
    [
      'a 255-character e-mail',
      { username: 'abcd', email: `${'a'.repeat(243)}@example.com`, password: 'p'.repeat(8) },
      'email',
    ],
    [
      'a 7-character password',
      { username: 'abcd', email: 'p@example.com', password: 'p'.repeat(7) },
      'password',
    ],
    [
      'a 129-character password',
      { username: 'abcd', email: 'p@example.com', password: 'p'.repeat(129) },
      'password',
    ],
    [
      'an empty nickname',
      { username: 'abcd', email: 'p@example.com', password: 'p'.repeat(8), nickname: '  ' },
      'nickname',
    ],
  ])('answers 400 VALIDATION_ERROR for %s', async (_name, payload, field) => {
    const before = await userCount();
    const res = await post('register', payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toEqual(expect.any(String));
    expect(body.details).toContainEqual({ field, message: expect.any(String) });
    expect(await userCount()).toBe(before);
  });

  it('accepts the boundary lengths', async () => {
    const res = await post('register', {
      username: `a-${'b'.repeat(30)}`,
      email: `${'e'.repeat(242)}@example.com`,
      password: 'p'.repeat(128),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.email).toHaveLength(254);
    const short = await post('register', {
      username: '9ab',
      email: 'short@example.com',
      password: 'p'.repeat(8),
    });
    expect(short.statusCode).toBe(201);
  });

  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_JSON');
  });
});

describe('POST /api/v1/auth/login', () => {
  it('signs in by username or e-mail in any case and stamps last_login_at', async () => {
    const { user, password } = await signUp(t.app, {
      username: 'Lin_Hui',
      email: 'Lin.Hui@Example.com',
    });
    await t.ctx.db
      .update(users)
      .set({ lastLoginAt: sql`now() - interval '1 day'` })
      .where(eq(users.id, user.id));
    for (const identifier of ['Lin_Hui', 'lin_hui', 'lin.hui@example.com', 'LIN.HUI@EXAMPLE.COM']) {
      const res = await post('login', { identifier, password });
      expect(res.statusCode, identifier).toBe(200);
      const body = res.json();
      expect(body.user.id).toBe(user.id);
      expect(body.user.email).toBe('Lin.Hui@Example.com');
      expect(body.access_token).toEqual(expect.any(String));
      expect(body.expires_in).toBe(900);
      expect(refreshCookie(res)?.value).toBeTruthy();
      expect(Date.now() - Date.parse(body.user.last_login_at)).toBeLessThan(3_600_000);
    }
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const { user } = await signUp(t.app);
    const wrong = await post('login', { identifier: user.username, password: 'wrong password' });
    const unknown = await post('login', { identifier: 'nobody-here', password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(refreshCookie(wrong)).toBeUndefined();
  });

  it('answers 400 for a missing identifier or password', async () => {
    const res = await post('login', { identifier: '' });
    expect(res.statusCode).toBe(400);
    const fields = fieldsOf(res);
    expect(fields).toEqual(expect.arrayContaining(['identifier', 'password']));
  });

  it('refuses a disabled account with the right password only', async () => {
    const { user, password } = await signUp(t.app);
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const wrong = await post('login', { identifier: user.username, password: 'not it at all' });
    expect(wrong.statusCode).toBe(401);
    const right = await post('login', { identifier: user.username, password });
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('ACCOUNT_DISABLED');
  });
});

describe('login throttling', () => {
  let th: TestApp;
  beforeAll(async () => {
    th = await createTestApp({
      LOGIN_MAX_FAILURES: '3',
      LOGIN_MAX_FAILURES_PER_IP: '5',
      LOGIN_WINDOW_SECONDS: '600',
    });
  });
  afterAll(() => th.close());
  const login = (identifier: string, password: string, ip: string) =>
    th.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { identifier, password },
      remoteAddress: ip,
    });

  it('locks an identifier after repeated failures, even from other addresses', async () => {
    const { user, password } = await signUp(th.app);
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      expect((await login(user.username, 'bad password', ip)).statusCode).toBe(401);
    }
    const locked = await login(user.username.toUpperCase(), password, '10.0.0.4');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(locked.json().details).toEqual({ retry_after: retryAfter });

    const other = await signUp(th.app);
    expect((await login(other.user.username, other.password, '10.0.0.4')).statusCode).toBe(200);
  });

  it('locks an address after its own, higher number of failures on different identifiers', async () => {
    const { user, password } = await signUp(th.app);
    for (const name of ['ghost1', 'ghost2', 'ghost3', 'ghost4']) {
      expect((await login(name, 'bad password', '10.9.9.9')).statusCode).toBe(401);
    }
    // Four failures from one address: past the per-identifier limit, under the per-address one.
    expect((await login('ghost5', 'bad password', '10.9.9.9')).statusCode).toBe(401);
    const locked = await login(user.username, password, '10.9.9.9');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(user.username, password, '10.9.9.10')).statusCode).toBe(200);
  });

  it('counts failures per account, whether its username or its e-mail names it', async () => {
    const { user, password } = await signUp(th.app);
    expect((await login(user.username, 'bad password', '10.2.0.1')).statusCode).toBe(401);
    expect((await login(user.email.toUpperCase(), 'bad password', '10.2.0.2')).statusCode).toBe(
      401,
    );
    expect((await login(user.username, 'bad password', '10.2.0.3')).statusCode).toBe(401);
    // Three failures in all: the account is locked under either name.
    expect((await login(user.email, password, '10.2.0.4')).statusCode).toBe(429);
    expect((await login(user.username, password, '10.2.0.5')).statusCode).toBe(429);
  });

  it('lets no more guesses through than the limit when they arrive all at once', async () => {
    const { user, password } = await signUp(th.app);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      login(user.username, `bad password ${i}`, `10.3.0.${i + 1}`),
    );
    const codes = (await Promise.all(guesses)).map((r) => r.statusCode);
    // Each guess either had its password checked (401) or was refused (429) — at most three checked.
    const checked = codes.filter((c) => c === 401).length;
    expect(checked + codes.filter((c) => c === 429).length).toBe(12);
    expect(checked).toBeLessThanOrEqual(3);
    // Refused guesses are not failures: the account is locked only when three were checked.
    const afterwards = await login(user.username, password, '10.3.1.1');
    expect(afterwards.statusCode).toBe(checked === 3 ? 429 : 200);
  });

  it('does not count a refused attempt, nor a right password against its address', async () => {
    const { user, password } = await signUp(th.app);
    // Five right passwords from one address (its limit is five failures): none is a failure.
    for (let i = 0; i < 6; i += 1) {
      expect((await login(user.username, password, '10.4.0.1')).statusCode).toBe(200);
    }
    const other = await signUp(th.app);
    for (let i = 0; i < 3; i += 1) {
      expect((await login(other.user.username, 'bad password', '10.4.1.1')).statusCode).toBe(401);
    }
    // Refused attempts (the account is locked) do not use up the address's five.
    for (let i = 0; i < 4; i += 1) {
      expect((await login(other.user.username, 'bad password', '10.4.1.1')).statusCode).toBe(429);
    }
    expect((await login(user.username, password, '10.4.1.1')).statusCode).toBe(200);
  });

  it('forgets an identifier’s failures after a successful login', async () => {
    const { user, password } = await signUp(th.app);
    expect((await login(user.username, 'bad password', '10.1.0.1')).statusCode).toBe(401);
    expect((await login(user.username, 'bad password', '10.1.0.2')).statusCode).toBe(401);
    expect((await login(user.username, password, '10.1.0.3')).statusCode).toBe(200);
    expect((await login(user.username, 'bad password', '10.1.0.4')).statusCode).toBe(401);
    expect((await login(user.username, 'bad password', '10.1.0.5')).statusCode).toBe(401);
    expect((await login(user.username, password, '10.1.0.6')).statusCode).toBe(200);
  });
});

describe('POST /api/v1/auth/refresh', () => {
  const withCookie = (token: string) => ({ cookie: `refresh_token=${token}` });

  it('rotates the cookie and answers a working access token', async () => {
    const { refreshToken } = await signUp(t.app);
    const res = await post('refresh', undefined, withCookie(refreshToken));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ access_token: expect.any(String), expires_in: 900 });
    const next = refreshCookie(res)!;
    expect(next).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/auth' });
    expect(next.value).not.toBe(refreshToken);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    const again = await post('refresh', undefined, withCookie(next.value));
    expect(again.statusCode).toBe(200);
  });

  it('accepts a JSON content type with an empty body or {}', async () => {
    const { refreshToken } = await signUp(t.app);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { 'content-type': 'application/json', ...withCookie(refreshToken) },
      payload: '',
    });
    expect(empty.statusCode).toBe(200);
    const next = refreshCookie(empty)!.value;
    const braces = await post('refresh', {}, withCookie(next));
    expect(braces.statusCode).toBe(200);
  });

  it('answers the rotated token in the body for the service variant', async () => {
    const { refreshToken } = await signUp(t.app);
    const res = await post('refresh', { refresh_token: refreshToken });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      expires_in: 900,
      refresh_token: expect.any(String),
    });
    expect(body.refresh_token).not.toBe(refreshToken);
    expect(refreshCookie(res)).toBeUndefined();
    const next = await post('refresh', { refresh_token: body.refresh_token });
    expect(next.statusCode).toBe(200);
  });

  it('revokes the whole family when a spent token comes back', async () => {
    const { refreshToken } = await signUp(t.app);
    const first = await post('refresh', undefined, withCookie(refreshToken));
    const successor = refreshCookie(first)!.value;

    const replay = await post('refresh', undefined, withCookie(refreshToken));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('REFRESH_TOKEN_REUSED');
    expect(refreshCookie(replay)?.value).toBe('');

    const afterReplay = await post('refresh', undefined, withCookie(successor));
    expect(afterReplay.statusCode).toBe(401);
    expect(afterReplay.json().code).toBe('REFRESH_TOKEN_REVOKED');
  });

  it('leaves the user’s other sessions alone when one family is revoked', async () => {
    const { user, password, refreshToken } = await signUp(t.app);
    const other = await post('login', { identifier: user.username, password });
    const otherToken = refreshCookie(other)!.value;
    await post('refresh', { refresh_token: refreshToken });
    await post('refresh', { refresh_token: refreshToken });
    expect((await post('refresh', { refresh_token: otherToken })).statusCode).toBe(200);
  });

  it('answers 401 without a token, with an unknown token and with an expired one', async () => {
    const missing = await post('refresh');
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('REFRESH_TOKEN_MISSING');

    const unknown = await post('refresh', undefined, withCookie('made-up-token'));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('REFRESH_TOKEN_INVALID');

    const { user, refreshToken } = await signUp(t.app);
    await t.ctx.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(refreshTokens.userId, user.id));
    const expired = await post('refresh', { refresh_token: refreshToken });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('REFRESH_TOKEN_EXPIRED');
  });

  it('answers 400 for a refresh_token of the wrong type', async () => {
    const res = await post('refresh', { refresh_token: 42 });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('refresh_token');
  });
});

describe('POST /api/v1/auth/logout', () => {
  it('revokes the cookie’s session and clears the cookie, idempotently', async () => {
    const { refreshToken } = await signUp(t.app);
    const res = await post('logout', undefined, { cookie: `refresh_token=${refreshToken}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = refreshCookie(res)!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/api/v1/auth');
    expect((cleared.expires as Date).getTime()).toBeLessThan(Date.now());

    const refresh = await post('refresh', undefined, { cookie: `refresh_token=${refreshToken}` });
    expect(refresh.statusCode).toBe(401);

    const again = await post('logout', undefined, { cookie: `refresh_token=${refreshToken}` });
    expect(again.statusCode).toBe(204);
    expect((await post('logout')).statusCode).toBe(204);
  });

  it('answers 204 and ends the cookie’s session whatever the body holds', async () => {
    const bodies = [
      { payload: { refresh_token: 5 }, type: 'application/json' },
      { payload: '{"refresh_token":', type: 'application/json' },
      { payload: 'refresh_token=x', type: 'application/x-www-form-urlencoded' },
    ];
    for (const body of bodies) {
      const { refreshToken } = await signUp(t.app);
      const res = await post('logout', body.payload, {
        cookie: `refresh_token=${refreshToken}`,
        'content-type': body.type,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(204);
      expect(res.body).toBe('');
      expect(refreshCookie(res)?.value).toBe('');
      const refresh = await post('refresh', undefined, { cookie: `refresh_token=${refreshToken}` });
      expect(refresh.statusCode).toBe(401);
    }
    expect((await post('logout', '[', { 'content-type': 'application/json' })).statusCode).toBe(
      204,
    );
  });

  it('ends the session even when the access token sent along has expired or is not one', async () => {
    const { user } = await signUp(t.app);
    const expired = await createTokenService(TEST_JWT_SECRET, -60).signAccess({
      userId: user.id,
      role: 'user',
    });
    for (const authorization of [`Bearer ${expired}`, 'Bearer not-a-token', 'Bearer shf_gone']) {
      const { refreshToken } = await signUp(t.app);
      const res = await post('logout', undefined, {
        authorization,
        cookie: `refresh_token=${refreshToken}`,
      });
      expect([authorization, res.statusCode, res.body]).toEqual([authorization, 204, '']);
      expect(refreshCookie(res)?.value).toBe('');
      const refresh = await post('refresh', undefined, { cookie: `refresh_token=${refreshToken}` });
      expect(refresh.statusCode).toBe(401);
    }
  });

  it('revokes a token sent in the body', async () => {
    const { refreshToken } = await signUp(t.app);
    expect((await post('logout', { refresh_token: refreshToken })).statusCode).toBe(204);
    expect((await post('refresh', { refresh_token: refreshToken })).statusCode).toBe(401);
  });
});

describe('bearer tokens', () => {
  const me = (authorization: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization } });

  it('answers 401 TOKEN_EXPIRED for an expired access token', async () => {
    const { user } = await signUp(t.app);
    const expired = await createTokenService(TEST_JWT_SECRET, -60).signAccess({
      userId: user.id,
      role: 'user',
    });
    const res = await me(`Bearer ${expired}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });

  it('answers 401 TOKEN_INVALID for a forged or malformed token', async () => {
    const { user } = await signUp(t.app);
    const forged = await createTokenService('another-secret-0123456789-0123456789', 900).signAccess(
      { userId: user.id, role: 'admin' },
    );
    expect((await me(`Bearer ${forged}`)).json().code).toBe('TOKEN_INVALID');
    expect((await me('Bearer not.a.jwt')).statusCode).toBe(401);
    expect((await me('Basic abc')).statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});

describe('secure cookies', () => {
  it('marks the refresh cookie Secure when the site is served over https', async () => {
    const ts = await createTestApp({ PUBLIC_SITE_URL: 'https://sheaf.example.org' });
    try {
      const { user, password } = await signUp(ts.app);
      const res = await ts.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { identifier: user.username, password },
      });
      expect(refreshCookie(res)?.secure).toBe(true);
    } finally {
      await ts.close();
    }
  });
});
