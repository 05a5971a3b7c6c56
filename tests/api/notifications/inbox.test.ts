import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users as userRows } from '../../../src/server/db/schema.ts';
import { sweepNotifications } from '../../../src/server/services/notifications/inbox.ts';
import { caller, newDataset, queryRows, setPublic, suiteApp } from '../../support/api.ts';
import { signUp, type SignedUp } from '../../support/users.ts';

// The notifications inbox (docs/notifications.md): who is told of what, unread counts, read
// marks, settings per kind, privacy and the 90-day sweep.

const t = suiteApp();
const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t)(...args);

type Inbox = {
  notifications: {
    id: number;
    kind: string;
    read: boolean;
    actor: { id: number } | null;
    dataset: { id: number; name: string } | null;
    version: number | null;
    details: Record<string, unknown>;
  }[];
  unread_count: number;
  total: number;
};
const inbox = async (who: SignedUp) => (await call('GET', '/notifications', who)).json<Inbox>();

const publish = async (owner: SignedUp, id: number) => {
  const body = { attributes: ['city', 'rain_mm'], entries: [['Xi’an', 550]], changelog: 'more' };
  const res = await call('POST', `/datasets/${id}/versions`, owner, body);
  expect(res.statusCode).toBe(201);
};

type Four = [SignedUp, SignedUp, SignedUp, SignedUp];
/** `n` (at most 4) new users. */
const users = async (n: number) =>
  (await Promise.all(Array.from({ length: n }, () => signUp(t.app)))) as Four;

describe('a new version of a watched dataset', () => {
  it('notifies every watcher but the publisher, once each', async () => {
    const [owner, ann, bob, cat] = await users(4);
    const d = await newDataset(t, owner, { name: 'Monsoon totals' });
    for (const who of [ann, bob, owner]) await call('PUT', `/datasets/${d.id}/watch`, who);
    await publish(owner, d.id);
    for (const who of [ann, bob]) {
      const box = await inbox(who);
      expect(box).toMatchObject({ unread_count: 1, total: 1 });
      expect(box.notifications[0]).toMatchObject({
        kind: 'version.published',
        read: false,
        actor: { id: owner.user.id },
        dataset: { id: d.id, name: 'Monsoon totals' },
        version: 2,
      });
    }
    expect(await inbox(owner)).toMatchObject({ notifications: [], unread_count: 0 });
    expect(await inbox(cat)).toMatchObject({ notifications: [], unread_count: 0 });
    await publish(owner, d.id);
    expect((await inbox(ann)).unread_count).toBe(2);
    expect((await inbox(ann)).notifications.map((n) => n.version)).toEqual([3, 2]);
  });

  it('stops for others once the dataset is private, and hides what it told them', async () => {
    const [owner, ann] = await users(2);
    const d = await newDataset(t, owner, { name: 'Secret harvest' });
    await call('PUT', `/datasets/${d.id}/watch`, ann);
    await publish(owner, d.id);
    const [told] = (await inbox(ann)).notifications;
    await setPublic(t, owner, d.id, false);
    const hidden = await inbox(ann);
    expect(hidden).toMatchObject({ notifications: [], unread_count: 0, total: 0 });
    const read = await call('POST', `/notifications/${told!.id}/read`, ann);
    expect(read.statusCode).toBe(404);
    await publish(owner, d.id);
    await setPublic(t, owner, d.id, true);
    const back = await inbox(ann);
    // The version published while private made nothing; the earlier one shows again.
    expect(back.notifications.map((n) => n.version)).toEqual([2]);
    expect(JSON.stringify(hidden)).not.toContain('Secret harvest');
  });
});

describe('a deactivated account', () => {
  it('hides the notifications about its datasets, and itself as an actor', async () => {
    const [owner, ann, fan] = await users(3);
    const d = await newDataset(t, owner, { name: 'Switched off' });
    await call('PUT', `/datasets/${d.id}/watch`, ann);
    await publish(owner, d.id);
    await call('POST', `/users/${ann.user.id}/follow`, fan);
    const setActive = (who: SignedUp, isActive: boolean) =>
      t.ctx.db.update(userRows).set({ isActive }).where(eq(userRows.id, who.user.id));
    await Promise.all([setActive(owner, false), setActive(fan, false)]);
    const box = await inbox(ann);
    expect(box.notifications.map((n) => [n.kind, n.actor])).toEqual([['user.followed', null]]);
    expect(JSON.stringify(box)).not.toContain('Switched off');
    await Promise.all([setActive(owner, true), setActive(fan, true)]);
  });
});

describe('follows, forks and ratings', () => {
  it('tell the followee, the source owner and the rated owner', async () => {
    const [owner, fan] = await users(2);
    const d = await newDataset(t, owner, { name: 'Tea yields' });
    await call('POST', `/users/${owner.user.id}/follow`, fan);
    await call('POST', `/datasets/${d.id}/fork`, fan, { name: 'Fan copy', is_public: false });
    await call('POST', `/datasets/${d.id}/rate`, fan, { score: 4 });
    await call('POST', `/datasets/${d.id}/rate`, fan, { score: 2 }); // the same day: not again
    const box = await inbox(owner);
    expect(box.unread_count).toBe(3);
    expect(box.notifications.map((n) => [n.kind, n.actor?.id, n.dataset?.id ?? null])).toEqual([
      ['dataset.rated', fan.user.id, d.id],
      ['dataset.forked', fan.user.id, d.id],
      ['user.followed', fan.user.id, null],
    ]);
    expect(box.notifications[0]!.details).toEqual({ score: 4 });
    expect(JSON.stringify(box)).not.toContain('Fan copy'); // a private fork is not named
    // The owner forking their own dataset tells nobody.
    await call('POST', `/datasets/${d.id}/fork`, owner, { name: 'Own copy' });
    expect((await inbox(owner)).total).toBe(3);
  });
});

describe('read marks', () => {
  it('mark one and then all read; another user’s is 404', async () => {
    const [owner, a, b, c] = await users(4);
    for (const who of [a, b, c]) await call('POST', `/users/${owner.user.id}/follow`, who);
    const box = await inbox(owner);
    expect(box.unread_count).toBe(3);
    const first = box.notifications[0]!.id;
    expect((await call('POST', `/notifications/${first}/read`, a)).statusCode).toBe(404);
    const one = await call('POST', `/notifications/${first}/read`, owner);
    expect(one.json()).toEqual({ unread_count: 2 });
    expect((await call('POST', `/notifications/${first}/read`, owner)).json()).toEqual({
      unread_count: 2,
    });
    expect((await inbox(owner)).notifications.map((n) => n.read)).toEqual([true, false, false]);
    const count = await call('GET', '/notifications/unread-count', owner);
    expect(count.json()).toEqual({ unread_count: 2 });
    const all = await call('POST', '/notifications/read-all', owner);
    expect(all.json()).toEqual({ unread_count: 0 });
    expect((await inbox(owner)).notifications.every((n) => n.read)).toBe(true);
    expect((await call('GET', '/notifications')).statusCode).toBe(401);
  });
});

describe('settings per kind', () => {
  it('turn a kind off and on again', async () => {
    const [owner, fan] = await users(2);
    const settings = await call('GET', '/notifications/settings', owner);
    expect(settings.json()).toMatchObject({ 'user.followed': 'inbox', 'dataset.rated': 'inbox' });
    const off = await call('PUT', '/notifications/settings', owner, { 'user.followed': 'none' });
    expect(off.json()).toMatchObject({ 'user.followed': 'none', 'dataset.rated': 'inbox' });
    await call('POST', `/users/${owner.user.id}/follow`, fan);
    expect((await inbox(owner)).total).toBe(0);
    await call('PUT', '/notifications/settings', owner, { 'user.followed': 'inbox' });
    const d = await newDataset(t, owner);
    await call('POST', `/datasets/${d.id}/rate`, fan, { score: 5 });
    expect((await inbox(owner)).notifications.map((n) => n.kind)).toEqual(['dataset.rated']);
    for (const body of [{ 'user.followed': 'email' }, { 'no.such.kind': 'none' }]) {
      const bad = await call('PUT', '/notifications/settings', owner, body);
      expect(bad.statusCode).toBe(400);
    }
  });
});

describe('other kinds and retention', () => {
  it('lists rows of any kind, and sweeps those older than 90 days', async () => {
    const [owner] = await users(1);
    const d = await newDataset(t, owner, { name: 'Discussed' });
    const id = owner.user.id;
    await queryRows(
      t,
      sql`insert into notifications (user_id, kind, dataset_id, details, created_at) values
        (${id}, 'discussion.comment', ${d.id}, '{"discussion_id": 7, "title": "Units?"}', now()),
        (${id}, 'something.new', null, '{}', now() - interval '1 minute'),
        (${id}, 'user.followed', null, '{}', now() - interval '91 days')`,
    );
    const box = await inbox(owner);
    expect(box.notifications.map((n) => n.kind)).toEqual([
      'discussion.comment',
      'something.new',
      'user.followed',
    ]);
    expect(box.notifications[0]).toMatchObject({
      dataset: { id: d.id, name: 'Discussed' },
      details: { discussion_id: 7, title: 'Units?' },
    });
    expect((await sweepNotifications(t.ctx.db)).deleted).toBe(1);
    expect((await inbox(owner)).total).toBe(2);
  });
});
