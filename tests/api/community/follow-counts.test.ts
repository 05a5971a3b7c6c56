import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema.ts';
import { caller, suiteApp, suiteUser } from '../../support/api.ts';

/**
 * The follower and following counts of a profile and of the followers board agree with the
 * follow lists, which list and count active users only: a deactivated follower drops out of
 * all three at once.
 */
const t = suiteApp();
let call: ReturnType<typeof caller>;
const star = suiteUser(t, 'fc_star');
const fan = suiteUser(t, 'fc_fan');
const gone = suiteUser(t, 'fc_gone');
const idol = suiteUser(t, 'fc_idol');
const retired = suiteUser(t, 'fc_retired');

beforeAll(async () => {
  call = caller(t);
  for (const [who, whom] of [
    [fan, star],
    [gone, star],
    [star, idol],
    [star, retired],
  ] as const) {
    expect((await call('POST', `/users/${whom.id}/follow`, who)).statusCode).toBe(200);
  }
  await t.ctx.db
    .update(users)
    .set({ isActive: false })
    .where(inArray(users.id, [gone.id, retired.id]));
});

type Listed = { users: { id: number }[]; total: number };
type Board = { entries: { user: { id: number }; value: number }[] };

const json = async <T>(url: string): Promise<T> => {
  const res = await call('GET', url);
  expect(res.statusCode, url).toBe(200);
  return res.json<T>();
};

describe('follow counts with a deactivated user on the other side', () => {
  it('the profile counts what the follow lists list', async () => {
    const followers = await json<Listed>(`/users/${star.id}/followers`);
    const following = await json<Listed>(`/users/${star.id}/following`);
    expect(followers.users.map((u) => u.id)).toEqual([fan.id]);
    expect(following.users.map((u) => u.id)).toEqual([idol.id]);
    const { stats } = await json<{ stats: object }>(`/users/${star.id}/profile`);
    expect(stats).toMatchObject({ followers: followers.total, following: following.total });
    expect(stats).toMatchObject({ followers: 1, following: 1 });
  });

  it('the followers board counts the same followers', async () => {
    const { entries } = await json<Board>('/leaderboard/users?by=followers');
    const entry = entries.find((e) => e.user.id === star.id);
    expect(entry?.value).toBe(1);
  });
});
