import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../src/server/db/schema.ts';
import { fieldsOf, suiteApp } from '../support/api.ts';
import { authPost, refreshCookie, signUp } from '../support/users.ts';

const t = suiteApp();

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  authPost(t.app, url, payload, headers);
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
