import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIVE_TOKENS_MAX } from '../../src/contracts/limits.ts';
import { apiTokens } from '../../src/server/db/schema.ts';
import { addUser, type TestUser, suiteApp } from '../support/api.ts';

const t = suiteApp();

let made = 0;
/** `n` tokens of the user written straight to the database (`when`: in force, expired, revoked). */
async function haveTokens(user: TestUser, n: number, when: 'live' | 'expired' | 'revoked') {
  if (n === 0) return;
  const past = new Date(Date.now() - 60_000);
  await t.ctx.db.insert(apiTokens).values(
    Array.from({ length: n }, () => {
      made += 1;
      return {
        userId: user.id,
        name: `${when} ${made}`,
        scope: 'read' as const,
        tokenHash: `hash-${made}`,
        prefix: 'shf_test',
        expiresAt: when === 'expired' ? past : null,
        revokedAt: when === 'revoked' ? past : null,
      };
    }),
  );
}

const create = (user: TestUser, name = 'one more') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/tokens',
    headers: user.headers,
    payload: { name, scope: 'read' },
  });
const list = (user: TestUser, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/tokens${query}`, headers: user.headers });

/** How many tokens of the user are in force, as the database has them. */
async function liveCount(user: TestUser): Promise<number> {
  const [row] = await t.ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.userId, user.id),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, new Date())),
      ),
    );
  return row?.n ?? 0;
}

describe('tokens in force per user', () => {
  it(`at most ${LIVE_TOKENS_MAX}: one more is 409 TOKEN_LIMIT_REACHED until one is revoked`, async () => {
    const user = await addUser(t, 'capped');
    // Expired and revoked tokens do not count.
    await haveTokens(user, 3, 'expired');
    await haveTokens(user, 3, 'revoked');
    await haveTokens(user, LIVE_TOKENS_MAX - 1, 'live');
    const last = await create(user, 'the last one');
    expect(last.statusCode).toBe(201);
    const over = await create(user);
    expect([over.statusCode, over.json()]).toEqual([
      409,
      {
        message: `At most ${LIVE_TOKENS_MAX} access tokens may be in force at once; revoke one first`,
        code: 'TOKEN_LIMIT_REACHED',
        details: { limit: LIVE_TOKENS_MAX },
      },
    ]);
    expect(await liveCount(user)).toBe(LIVE_TOKENS_MAX);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tokens/${last.json<{ id: number }>().id}`,
      headers: user.headers,
    });
    expect(revoke.statusCode).toBe(204);
    expect((await create(user)).statusCode).toBe(201);
    expect((await create(user)).statusCode).toBe(409);
  });

  it('tokens created at once never go past the cap', async () => {
    const user = await addUser(t, 'racing');
    await haveTokens(user, LIVE_TOKENS_MAX - 2, 'live');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create(user, `at once ${i}`)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(await liveCount(user)).toBe(LIVE_TOKENS_MAX);
  });
});

type Page = {
  tokens: { id: number }[];
  total: number;
  offset: number;
  limit: number;
  live: number;
  live_max: number;
};

describe('GET /tokens, a page at a time', () => {
  it('answers 100 unless asked otherwise, with the total and how many are in force', async () => {
    const user = await addUser(t, 'many');
    await haveTokens(user, 80, 'expired');
    await haveTokens(user, 5, 'revoked');
    await haveTokens(user, 40, 'live');
    const first = await list(user);
    expect(first.statusCode).toBe(200);
    const page = first.json<Page>();
    expect({ ...page, tokens: page.tokens.length }).toEqual({
      tokens: 100,
      total: 120,
      offset: 0,
      limit: 100,
      live: 40,
      live_max: LIVE_TOKENS_MAX,
    });
    const rest = (await list(user, '?offset=100')).json<Page>();
    expect(rest.tokens).toHaveLength(20);
    const ids = [...page.tokens, ...rest.tokens].map((x) => x.id);
    expect(new Set(ids).size).toBe(120);
    // Newest first, the same order page after page.
    const small = (await list(user, '?offset=10&limit=5')).json<Page>();
    expect(small.tokens.map((x) => x.id)).toEqual(ids.slice(10, 15));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('refuses a limit or offset out of range like the other lists', async () => {
    const user = await addUser(t, 'pager');
    for (const [query, message] of [
      ['?limit=0', 'Invalid limit: limit must be between 1 and 100'],
      ['?limit=101', 'Invalid limit: limit must be between 1 and 100'],
      ['?limit=1e2', 'Invalid limit: limit must be an integer'],
      ['?offset=-1', 'Invalid offset: offset must be at least 0'],
    ] as const) {
      const res = await list(user, query);
      expect([query, res.statusCode, res.json<{ message: string }>().message]).toEqual([
        query,
        400,
        message,
      ]);
    }
  });
});
