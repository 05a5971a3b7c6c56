import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { caller, newDataset, setPublic, suiteApp, suiteUser } from '../../support/api.ts';
import {
  deliveries,
  publish,
  register,
  sleep,
  startReceiver,
  startTestWorker,
  until,
  watch,
  type Receiver,
} from '../../support/webhook-receiver.ts';

describe('webhook deliveries', () => {
  const t = suiteApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  const alice = suiteUser(t, 'alice');
  const bob = suiteUser(t, 'bob');
  const carol = suiteUser(t, 'carol');
  let receiver: Receiver;
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());
  afterEach(async () => {
    await stop?.();
    stop = undefined;
    receiver.received.length = 0;
    receiver.answers.length = 0;
    await t.ctx.db.execute(sql`delete from webhooks`);
  });

  const hook = async (who: typeof alice, path: string, extra: Record<string, unknown> = {}) => {
    const res = await register(t, who, { url: `${receiver.url}${path}`, ...extra });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number; secret: string }>();
  };

  it('POSTs a body whose signature verifies with the secret shown at registration', async () => {
    const dataset = await newDataset(t, alice);
    const { secret, id } = await hook(alice, '/signed');
    stop = startTestWorker(t);
    await publish(t, alice, dataset.id);
    await until(() => receiver.received.length === 1);
    const got = receiver.received[0]!;
    const expected = createHmac('sha256', secret).update(got.raw).digest('hex');
    const header = String(got.headers['x-sheaf-signature']);
    expect(header).toBe(`sha256=${expected}`);
    expect(timingSafeEqual(Buffer.from(header), Buffer.from(`sha256=${expected}`))).toBe(true);
    // A different secret does not verify: the header really depends on it.
    expect(header).not.toBe(`sha256=${createHmac('sha256', 'x').update(got.raw).digest('hex')}`);
    const body = JSON.parse(got.raw.toString('utf8')) as Record<string, unknown>;
    expect(body).toMatchObject({ event: 'version.published', dataset_id: dataset.id, version: 2 });
    expect(got.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Sheaf-Webhook/1',
      'x-sheaf-event': 'version.published',
      'x-sheaf-delivery': String(body['delivery_id']),
    });
    await until(async () => (await deliveries(t))[0]?.state === 'delivered');
    const log = await caller(t)('GET', `/webhooks/${id}/deliveries`, alice);
    expect(log.json()).toMatchObject({
      deliveries: [{ state: 'delivered', attempts: 1, last_status: 200, next_attempt_at: null }],
    });
  });

  it('retries after a 500 and a 503, then delivers; the log shows each status', async () => {
    const dataset = await newDataset(t, alice);
    const { id } = await hook(alice, '/flaky');
    receiver.answers.push(500, 503);
    stop = startTestWorker(t);
    await publish(t, alice, dataset.id);
    await until(() => receiver.received.length === 3);
    await until(async () => (await deliveries(t)).at(-1)?.state === 'delivered');
    const ids = new Set(receiver.received.map((r) => r.headers['x-sheaf-delivery']));
    expect(ids.size).toBe(1);
    const bodies = new Set(receiver.received.map((r) => r.raw.toString()));
    expect(bodies.size).toBe(1);
    const listed = await caller(t)('GET', '/webhooks', alice);
    expect(listed.json()).toMatchObject({
      webhooks: [
        { id, recent_deliveries: [{ state: 'delivered', attempts: 3, last_status: 200 }] },
      ],
    });
    await sleep(300);
    expect(receiver.received).toHaveLength(3);
  });

  it('keeps a delivery pending between retries with the last status, then gives up after 24 hours', async () => {
    const dataset = await newDataset(t, alice);
    await hook(alice, '/down');
    receiver.answers.push(...Array<number>(200).fill(500));
    // A "minute" of 1 ms: 24 hours of hourly retries pass in well under a second.
    stop = startTestWorker(t, { minuteMs: 1 });
    const started = Date.now();
    await publish(t, alice, dataset.id);
    await until(async () => (await deliveries(t)).at(-1)?.state === 'failed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(24 * 60 - 60);
    const [row] = (await deliveries(t)).slice(-1);
    expect(row).toMatchObject({ state: 'failed', last_status: 500 });
    // 1, 5, 15 and 60 minutes, then hourly until 24 hours: at most 27 attempts (fewer when a
    // slow machine's polls come late), each one request.
    expect(row!.attempts).toBeGreaterThan(5);
    expect(row!.attempts).toBeLessThanOrEqual(27);
    expect(receiver.received).toHaveLength(row!.attempts);
  });

  it("sends only to the owner's and the watchers' hooks", async () => {
    const dataset = await newDataset(t, alice);
    await hook(alice, '/owner'); // every dataset alice owns or watches
    await hook(bob, '/watcher'); // bob watches it
    await hook(carol, '/stranger'); // carol neither owns nor watches it
    const other = await newDataset(t, carol);
    await hook(carol, '/other-dataset', { dataset_id: other.id });
    await watch(t, bob.id, dataset.id);
    // carol watched it when she named it in a hook, and no longer does.
    await watch(t, carol.id, dataset.id);
    await hook(carol, '/unwatched', { dataset_id: dataset.id });
    await t.ctx.db.execute(sql`delete from watches where user_id = ${carol.id}`);
    stop = startTestWorker(t);
    await publish(t, alice, dataset.id);
    await until(() => receiver.received.length >= 2);
    await sleep(300);
    expect(receiver.received.map((r) => r.path).sort()).toEqual(['/owner', '/watcher']);
  });

  it("never sends a private dataset's versions to other users' hooks", async () => {
    const dataset = await newDataset(t, alice);
    await watch(t, bob.id, dataset.id);
    const bobs = await hook(bob, '/bob-all');
    const bobsOne = await hook(bob, '/bob-one', { dataset_id: dataset.id });
    expect(bobsOne.id).toBeGreaterThan(bobs.id);
    await hook(alice, '/alice');
    await setPublic(t, alice, dataset.id, false);
    stop = startTestWorker(t);
    await publish(t, alice, dataset.id);
    await until(() => receiver.received.length >= 1);
    await sleep(300);
    expect(receiver.received.map((r) => r.path)).toEqual(['/alice']);
    const rows = await deliveries(t);
    expect(rows).toHaveLength(1);
  });

  it('sends nothing more to a deleted hook', async () => {
    const dataset = await newDataset(t, alice);
    const { id } = await hook(alice, '/gone');
    receiver.answers.push(500);
    stop = startTestWorker(t, { minuteMs: 200 });
    await publish(t, alice, dataset.id);
    await until(() => receiver.received.length === 1);
    expect((await caller(t)('DELETE', `/webhooks/${id}`, alice)).statusCode).toBe(204);
    await sleep(600);
    expect(receiver.received).toHaveLength(1);
    expect(await deliveries(t)).toEqual([]);
  });
});
