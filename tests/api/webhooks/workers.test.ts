import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sweepWebhookDeliveries } from '../../../src/server/services/webhooks/hooks.ts';
import { newDataset, suiteApp, suiteUser } from '../../support/api.ts';
import {
  deliveries,
  publish,
  register,
  sleep,
  startReceiver,
  startTestWorker,
  until,
  type Receiver,
} from '../../support/webhook-receiver.ts';

describe('webhook workers over one database', () => {
  const t = suiteApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  const alice = suiteUser(t, 'alice');
  let receiver: Receiver;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
    receiver.received.length = 0;
    receiver.answers.length = 0;
    await t.ctx.db.execute(sql`delete from webhooks`);
  });

  it('a worker stopped between retries: the next one started delivers it, once', async () => {
    const dataset = await newDataset(t, alice);
    expect((await register(t, alice, { url: `${receiver.url}/r` })).statusCode).toBe(201);
    receiver.answers.push(500);
    const first = startTestWorker(t, { minuteMs: 100 });
    await publish(t, alice, dataset.id);
    await until(async () => (await deliveries(t))[0]?.last_status === 500);
    await first();
    expect(await deliveries(t)).toMatchObject([{ state: 'pending', attempts: 1 }]);

    stops.push(startTestWorker(t, { minuteMs: 100 }));
    await until(async () => (await deliveries(t))[0]?.state === 'delivered');
    await sleep(400);
    expect(receiver.received).toHaveLength(2);
    expect(await deliveries(t)).toMatchObject([
      { state: 'delivered', attempts: 2, last_status: 200 },
    ]);
  });

  it('a worker that stops mid-send: another sends the attempt again after its lease, once', async () => {
    const dataset = await newDataset(t, alice);
    expect((await register(t, alice, { url: `${receiver.url}/crash` })).statusCode).toBe(201);
    receiver.answers.push('hang');
    const first = startTestWorker(t, { leaseMs: 500, timeoutMs: 10_000 });
    await publish(t, alice, dataset.id);
    await until(() => receiver.received.length === 1);
    // Gone without a word, as a crashed process: nothing recorded, the lease still running.
    await first();
    expect(await deliveries(t)).toMatchObject([
      { state: 'pending', attempts: 1, last_status: null },
    ]);

    const started = Date.now();
    stops.push(startTestWorker(t, { leaseMs: 500 }));
    await until(async () => (await deliveries(t))[0]?.state === 'delivered');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    await sleep(700);
    expect(receiver.received).toHaveLength(2);
    expect(new Set(receiver.received.map((r) => r.headers['x-sheaf-delivery'])).size).toBe(1);
    expect(await deliveries(t)).toMatchObject([{ state: 'delivered', attempts: 2 }]);
  });

  it('two workers running together send each delivery once', async () => {
    const dataset = await newDataset(t, alice);
    for (let i = 0; i < 8; i++) {
      expect((await register(t, alice, { url: `${receiver.url}/h${i}` })).statusCode).toBe(201);
    }
    stops.push(startTestWorker(t), startTestWorker(t));
    await publish(t, alice, dataset.id, 1);
    await publish(t, alice, dataset.id, 2);
    await until(async () => (await deliveries(t)).every((d) => d.state === 'delivered'));
    await sleep(300);
    const ids = receiver.received.map((r) => r.headers['x-sheaf-delivery']);
    expect(ids).toHaveLength(16);
    expect(new Set(ids).size).toBe(16);
  });
});

describe('a hook whose host turns private after registration', () => {
  const t = suiteApp();
  const alice = suiteUser(t, 'alice');

  it('is refused at delivery time after resolving the host, and nothing is sent', async () => {
    const receiver = await startReceiver();
    const stop = startTestWorker(t);
    try {
      const dataset = await newDataset(t, alice);
      // As if `localhost` had resolved to a public address when it was registered.
      await t.ctx.db.execute(
        sql`insert into webhooks (user_id, url, secret)
            values (${alice.id}, ${`http://localhost:${receiver.port}/`}, 'whsec_test')`,
      );
      await publish(t, alice, dataset.id);
      await until(async () => (await deliveries(t))[0]?.state === 'failed');
      const [row] = await deliveries(t);
      expect(row).toMatchObject({ state: 'failed', attempts: 1, last_status: null });
      expect(row!.last_error).toMatch(/^WEBHOOK_ADDRESS_REFUSED/);
      expect(receiver.received).toEqual([]);
    } finally {
      await stop();
      await receiver.close();
    }
  });
});

describe('the delivery sweep', () => {
  const t = suiteApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  const alice = suiteUser(t, 'alice');

  it('deletes finished deliveries older than 30 days and keeps the rest', async () => {
    const created = await register(t, alice, { url: 'http://127.0.0.1:9/' });
    const hook = created.json<{ id: number }>().id;
    await t.ctx.db
      .execute(sql`insert into webhook_deliveries (webhook_id, event, body, state, created_at)
      values (${hook}, 'version.published', '{}', 'delivered', now() - interval '31 days'),
             (${hook}, 'version.published', '{}', 'failed', now() - interval '31 days'),
             (${hook}, 'version.published', '{}', 'pending', now() - interval '31 days'),
             (${hook}, 'version.published', '{}', 'delivered', now() - interval '29 days')`);
    expect(await sweepWebhookDeliveries(t.ctx.db)).toEqual({ deleted: 2 });
    expect((await deliveries(t)).map((d) => d.state)).toEqual(['pending', 'delivered']);
  });
});
