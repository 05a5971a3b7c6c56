import { describe, expect, it } from 'vitest';
import { ENDED_TOKEN_KEPT_DAYS } from '../../src/contracts/limits.ts';
import type { TokenList } from '../../src/contracts/tokens.ts';
import { apiTokens } from '../../src/server/db/schema.ts';
import { sweepApiTokens } from '../../src/server/services/api-tokens.ts';
import { suiteApp, suiteUser } from '../support/api.ts';

const t = suiteApp();
const user = suiteUser(t, 'sunmei');

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

describe('tokens that ended', () => {
  it(`stay listed (as expired) for ${ENDED_TOKEN_KEPT_DAYS} days, then the sweep deletes them`, async () => {
    const kept = ENDED_TOKEN_KEPT_DAYS - 1;
    const gone = ENDED_TOKEN_KEPT_DAYS + 1;
    const tokens = [
      { name: 'never expires', expiresAt: null, revokedAt: null },
      { name: 'expires tomorrow', expiresAt: daysAgo(-1), revokedAt: null },
      { name: `expired ${kept} days ago`, expiresAt: daysAgo(kept), revokedAt: null },
      { name: `expired ${gone} days ago`, expiresAt: daysAgo(gone), revokedAt: null },
      { name: `revoked ${kept} days ago`, expiresAt: null, revokedAt: daysAgo(kept) },
      { name: `revoked ${gone} days ago`, expiresAt: null, revokedAt: daysAgo(gone) },
    ];
    await t.ctx.db.insert(apiTokens).values(
      tokens.map((token, i) => ({
        ...token,
        userId: user.id,
        scope: 'read' as const,
        tokenHash: `sweep-${i}`,
        prefix: 'shf_test',
      })),
    );
    const list = async () => {
      const res = await t.app.inject({ url: '/api/v1/tokens', headers: user.headers });
      const body = res.json<TokenList>();
      return { names: body.tokens.map((token) => token.name).sort(), total: body.total };
    };
    expect((await list()).total).toBe(4);

    expect(await sweepApiTokens(t.ctx.db)).toEqual({ deleted: 2 });
    expect(await list()).toEqual({
      names: [`expired ${kept} days ago`, 'expires tomorrow', 'never expires'],
      total: 3,
    });
    const rows = await t.ctx.db.select({ name: apiTokens.name }).from(apiTokens);
    expect(rows.map((row) => row.name).sort()).toEqual([
      `expired ${kept} days ago`,
      'expires tomorrow',
      'never expires',
      `revoked ${kept} days ago`,
    ]);
  });
});
