import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema.ts';
import { fieldsOf, suiteApp } from '../support/api.ts';
import { signUp, type SignedUp } from '../support/users.ts';

const t = suiteApp();

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers });
const putMe = (me: SignedUp, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/users/me',
    headers: me.auth,
    payload: payload as object,
  });

describe('GET /api/v1/users/me', () => {
  it('answers the full user with e-mail, role and state', async () => {
    const me = await signUp(t.app, { username: 'MeMyself', email: 'Me@Example.com' });
    const res = await get('users/me', me.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({
      id: me.user.id,
      username: 'MeMyself',
      email: 'Me@Example.com',
      nickname: 'MeMyself',
      avatar: '',
      bio: '',
      role: 'user',
      is_active: true,
      is_verified: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      last_login_at: expect.any(String),
    });
  });

  it('answers 401 once the account is gone', async () => {
    const me = await signUp(t.app);
    await t.ctx.db.delete(users).where(eq(users.id, me.user.id));
    const res = await get('users/me', me.auth);
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/v1/users/me', () => {
  it('changes nickname, avatar and bio and leaves the rest', async () => {
    const me = await signUp(t.app);
    const res = await putMe(me, {
      nickname: '  数据小王子 ',
      avatar: 'https://img.example.com/a.png',
      bio: '我喜欢开放数据。\nI like open data.',
    });
    expect(res.statusCode).toBe(200);
    const user = res.json().user;
    expect(user).toMatchObject({
      nickname: '数据小王子',
      avatar: 'https://img.example.com/a.png',
      bio: '我喜欢开放数据。\nI like open data.',
      username: me.user.username,
      email: me.user.email,
    });
    expect(Date.parse(user.updated_at)).toBeGreaterThanOrEqual(
      Date.parse(me.user.updated_at as string),
    );

    const partial = await putMe(me, { bio: '' });
    expect(partial.json().user).toMatchObject({
      nickname: '数据小王子',
      bio: '',
      avatar: user.avatar,
    });
    expect((await get('users/me', me.auth)).json().user.bio).toBe('');
  });

  it('stores a bio of only spaces and invisible characters empty, and keeps right-to-left text', async () => {
    const me = await signUp(t.app);
    for (const bio of ['\u200b', ' \ufeff\u00ad\n\u2060 ', '\u2800\u3164', '\u202b\u202c']) {
      const res = await putMe(me, { bio });
      expect(res.statusCode, JSON.stringify(bio)).toBe(200);
      expect(res.json().user.bio, JSON.stringify(bio)).toBe('');
      expect((await get(`users/${me.user.id}`)).json().user.bio).toBe('');
    }
    const rtl = '\u202bأحب **البيانات** المفتوحة\u202c\n\u2067العربية\u2069 (2024)';
    expect((await putMe(me, { bio: rtl })).json().user.bio).toBe(rtl);
  });

  it('accepts the longest allowed values, counting characters not bytes', async () => {
    const me = await signUp(t.app);
    const res = await putMe(me, {
      nickname: '😀'.repeat(50),
      bio: '文'.repeat(500),
      avatar: `http://example.com/${'a'.repeat(2048 - 19)}`,
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['an empty nickname', { nickname: '   ' }, 'nickname'],
    ['a 51-character nickname', { nickname: '字'.repeat(51) }, 'nickname'],
    ['a nickname with a line break', { nickname: 'two\nlines' }, 'nickname'],
    ['a number as nickname', { nickname: 7 }, 'nickname'],
    ['a 501-character bio', { bio: 'b'.repeat(501) }, 'bio'],
    ['a javascript: avatar', { avatar: 'javascript:alert(1)' }, 'avatar'],
    ['an ftp avatar', { avatar: 'ftp://example.com/a.png' }, 'avatar'],
    ['a relative avatar', { avatar: '/a.png' }, 'avatar'],
    ['a too long avatar', { avatar: `https://example.com/${'a'.repeat(2048)}` }, 'avatar'],
    ['null as avatar', { avatar: null }, 'avatar'],
    ['a list as body', [], 'body'],
  ])('answers 400 for %s and changes nothing', async (_name, payload, field) => {
    const me = await signUp(t.app);
    const res = await putMe(me, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(res)).toContain(field);
    const after = (await get('users/me', me.auth)).json().user;
    expect(after).toMatchObject({ nickname: me.user.username, avatar: '', bio: '' });
  });

  it.each([
    ['a zero-width space', '\u200b', 'Nickname must not be empty'],
    ['invisible characters and spaces', ' \u200d\u2060\ufeff\u200c ', 'Nickname must not be empty'],
    ['Braille blanks', '\u2800\u2800', 'Nickname must not be empty'],
    ['Hangul fillers', '\u3164\uffa0', 'Nickname must not be empty'],
    [
      'a right-to-left override',
      'a\u202eb',
      'Nickname contains a character that is not allowed (U+202E)',
    ],
    [
      'a left-to-right embedding',
      '\u202aAda',
      'Nickname contains a character that is not allowed (U+202A)',
    ],
    [
      'a first-strong isolate',
      'Ada\u2068',
      'Nickname contains a character that is not allowed (U+2068)',
    ],
  ])(
    'refuses a nickname with %s: nothing visible, or text turned around',
    async (_, nickname, message) => {
      const me = await signUp(t.app);
      const res = await putMe(me, { nickname });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: `Invalid nickname: ${message}`,
        details: [{ field: 'nickname', message }],
      });
      expect((await get('users/me', me.auth)).json().user.nickname).toBe(me.user.username);
    },
  );

  it('keeps a nickname that has visible text beside a joiner', async () => {
    const me = await signUp(t.app);
    // A zero-width joiner belongs in emoji sequences and some scripts.
    const res = await putMe(me, { nickname: '👩\u200d💻 Ada' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.nickname).toBe('👩\u200d💻 Ada');
  });

  it('requires a bearer token', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me',
      payload: { bio: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});
