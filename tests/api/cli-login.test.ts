import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { and, eq, isNull, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Credentials } from '../../src/cli/client.ts';
import { LOGIN_TOKEN_DAYS } from '../../src/cli/login.ts';
import { LIVE_TOKENS_MAX } from '../../src/contracts/limits.ts';
import { apiTokens, refreshTokens } from '../../src/server/db/schema.ts';
import { CLI_PASSWORD, sheafSuite } from '../support/sheaf-cli.ts';

const cli = sheafSuite({ users: ['lina', 'zhaolei'] });
const { t, sheaf } = cli;
const login = (username: string, ...flags: string[]) => cli.login(username, { flags });
/** Lina's id. */
const linaId = () => cli.users['lina']!.user.id;

const credentialsFile = () => path.join(cli.dir, 'config', 'credentials.json');
const stored = async () =>
  (JSON.parse(await readFile(credentialsFile(), 'utf8')) as Record<string, Credentials>)[cli.base]!;
/** Lina's tokens not revoked. */
const listed = () =>
  t.ctx.db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, linaId()), isNull(apiTokens.revokedAt)));

/** Lina's sessions (refresh-token rows), and those not ended. */
async function sessions() {
  const rows = await t.ctx.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, linaId()));
  return { all: rows.length, open: rows.filter((row) => row.revokedAt === null).length };
}

describe('sheaf login --username', () => {
  it('makes a token named after the machine, working for 90 days, and stores it for the site', async () => {
    const before = await sessions();
    const first = await login('lina');
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    const [token] = await listed();
    expect(token!.name).toBe(`sheaf CLI on ${hostname()}`.slice(0, 64));
    expect(token!.scope).toBe('write');
    const days = (token!.expiresAt!.getTime() - token!.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(LOGIN_TOKEN_DAYS);
    expect(first.out).toContain(
      `Signed in as lina; token stored in ${credentialsFile()} (it works until ${token!.expiresAt!.toISOString().slice(0, 10)})`,
    );
    expect(await stored()).toMatchObject({ username: 'lina', id: token!.id });
    // The sign-in it made the token with is ended: no session is left open.
    expect(await sessions()).toEqual({ all: before.all + 1, open: before.open });
  });

  it('signing in again keeps the stored token that still works, instead of making another', async () => {
    const before = await stored();
    const again = await login('LINA');
    expect(again.code).toBe(0);
    expect(again.out).toBe(
      `Already signed in as lina; keeping the token stored in ${credentialsFile()} (--new-token makes a new one)`,
    );
    expect(await listed()).toHaveLength(1);
    expect(await stored()).toEqual(before);
  });

  it('--new-token makes a new one and revokes the one it replaces', async () => {
    const before = await stored();
    const renewed = await login('lina', '--new-token', '--json');
    expect(renewed.err).toBe('');
    const answer = JSON.parse(renewed.out) as { new_token: boolean; revoked_token_id: number };
    expect(answer).toMatchObject({ new_token: true, revoked_token_id: before.id });
    const now = await listed();
    expect(now.map((token) => token.id)).toEqual([(await stored()).id]);
    expect(now[0]!.id).not.toBe(before.id);
    const old = await sheaf(['ls', '--mine'], { env: { SHEAF_TOKEN: before.token } });
    expect(old.err).toContain('(API_TOKEN_REVOKED)');
  });

  it('a stored token that stopped working is replaced', async () => {
    const before = await stored();
    await t.ctx.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, before.id!));
    const again = await login('lina');
    expect(again.code).toBe(0);
    expect(again.out).toContain('Signed in as lina; token stored in');
    expect(again.out).toContain(`The token stored before (#${before.id}) is revoked`);
    expect((await stored()).id).not.toBe(before.id);
    expect((await listed()).map((token) => token.id)).toEqual([(await stored()).id]);
  });

  it('says so when the token it replaces could not be revoked', async () => {
    const before = await stored();
    await writeFile(credentialsFile(), JSON.stringify({ [cli.base]: { ...before, id: -1 } }));
    const renewed = await login('lina', '--new-token');
    expect(renewed.code).toBe(0);
    expect(renewed.err).toContain('sheaf: could not revoke the token stored before (#-1)');
    expect(renewed.err).toContain(`under "Access tokens" on ${cli.base}/profile`);
  });

  it("another user's stored token is replaced but left in force, and the user is told", async () => {
    const other = await login('zhaolei');
    expect(other.code).toBe(0);
    expect(other.err).toContain('the token stored before (for lina) was not revoked');
    expect((await stored()).username).toBe('zhaolei');
  });

  it('a token given with --token (it may read only) is not kept: --username makes one', async () => {
    const given = await sheaf(['login', '--token', (await stored()).token]);
    expect(given.code).toBe(0);
    expect((await stored()).id).toBeUndefined();
    const made = await login('zhaolei');
    expect(made.out).toContain('Signed in as zhaolei; token stored in');
    expect(made.err).toContain('the token stored before (for zhaolei) was not revoked');
    expect((await stored()).id).toEqual(expect.any(Number));
  });

  it('keeps one token per site: another site is not sent it', async () => {
    const elsewhere = cli.base.replace('127.0.0.1', 'localhost');
    const mine = await sheaf(['ls', '--mine'], { env: { SHEAF_API: elsewhere } });
    expect(mine.code).toBe(3);
    expect(await sheaf(['ls', '--mine'])).toMatchObject({ code: 0 });
  });

  it('at the cap of tokens in force, login says where to revoke the old ones', async () => {
    const old = Array.from({ length: LIVE_TOKENS_MAX }, (_, i) => `cap-${i}`);
    await t.ctx.db.insert(apiTokens).values(
      old.map((hash) => ({
        userId: linaId(),
        name: hash,
        scope: 'read' as const,
        tokenHash: hash,
        prefix: 'shf_',
      })),
    );
    const capped = await cli.login('lina', { config: path.join(cli.dir, 'capped') });
    await t.ctx.db.delete(apiTokens).where(like(apiTokens.tokenHash, 'cap-%'));
    expect(capped.code).toBe(1);
    expect(capped.err).toContain('(TOKEN_LIMIT_REACHED)');
    expect(capped.err).toContain(`under "Access tokens" on ${cli.base}/profile`);
  });

  it('still reads the token file of earlier versions until login replaces it', async () => {
    const config = path.join(cli.dir, 'upgraded');
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { identifier: 'lina', password: CLI_PASSWORD },
    });
    expect(session.statusCode, session.body).toBe(200);
    const access = session.json<{ access_token: string }>().access_token;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      headers: { authorization: `Bearer ${access}` },
      payload: { name: 'old sheaf', scope: 'write' },
    });
    expect(made.statusCode, made.body).toBe(201);
    await mkdir(config, { recursive: true });
    await writeFile(path.join(config, 'token'), `${made.json<{ token: string }>().token}\n`);
    const mine = await sheaf(['ls', '--mine'], { config });
    expect(mine).toMatchObject({ code: 0, err: '' });
    const again = await cli.login('lina', { config });
    expect(again.code).toBe(0);
    await expect(readFile(path.join(config, 'token'), 'utf8')).rejects.toThrow();
  });
});
