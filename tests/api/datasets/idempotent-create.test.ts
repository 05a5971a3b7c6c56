import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sweepIdempotencyKeys } from '../../../src/server/services/datasets/idempotency.ts';
import { datasetAs, queryRows, sampleTable, suiteApp, suiteUser } from '../../support/api.ts';
import type { Caller } from '../../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');
const bob = suiteUser(t, 'bob');

const publish = (who: Caller, key: string | undefined, payload: object, url = '/datasets') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...who.auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });

async function datasetsNamed(name: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    t,
    sql`select id from datasets where name = ${name} order by id`,
  );
  return rows.map((r) => r.id);
}

describe('POST /datasets with an Idempotency-Key', () => {
  it('answers a repeated request with the dataset the first one made, making nothing', async () => {
    const body = { name: 'Repeated', is_public: false, ...sampleTable };
    const first = await publish(alice, 'publish-1', body);
    const again = await publish(alice, 'publish-1', body);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await datasetsNamed('Repeated')).toEqual([first.json().id]);
  });

  it("never answers another user's dataset: the same key from bob makes his own", async () => {
    const body = { name: 'Same key', is_public: false, ...sampleTable };
    const mine = await publish(alice, 'shared-key', body);
    const his = await publish(bob, 'shared-key', body);
    expect(his.statusCode).toBe(201);
    expect(his.headers['idempotent-replayed']).toBeUndefined();
    expect(his.json().owner_id).toBe(bob.id);
    expect(his.json().id).not.toBe(mine.json().id);
    expect((await datasetAs(t, mine.json().id, bob)).statusCode).toBe(404);
    expect(await datasetsNamed('Same key')).toHaveLength(2);
  });

  it('refuses the same key with a different request (409), making nothing', async () => {
    await publish(alice, 'changed', { name: 'Changed', ...sampleTable });
    const renamed = await publish(alice, 'changed', { name: 'Changed again', ...sampleTable });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: expect.stringContaining('Idempotency-Key'),
    });
    const otherRows = { name: 'Changed', ...sampleTable, entries: sampleTable.entries.slice(1) };
    expect((await publish(alice, 'changed', otherRows)).statusCode).toBe(409);
    expect(await datasetsNamed('Changed again')).toEqual([]);
    expect(await datasetsNamed('Changed')).toHaveLength(1);
  });

  it('makes one dataset of two requests with one key sent at once', async () => {
    const body = { name: 'At once', ...sampleTable };
    const answers = await Promise.all([
      publish(alice, 'at-once', body),
      publish(alice, 'at-once', body),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[0].json()).toEqual(answers[1].json());
    const replayed = answers.map((a) => a.headers['idempotent-replayed'] ?? 'no').sort();
    expect(replayed).toEqual(['no', 'true']);
    expect(await datasetsNamed('At once')).toHaveLength(1);
  });

  it('refuses a key that is empty, too long or not visible ASCII with 400 naming the header', async () => {
    for (const key of ['', 'two words', 'k'.repeat(256), 'clé']) {
      const res = await publish(alice, key, { name: 'Bad key', ...sampleTable });
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field: 'idempotency-key' }],
      });
    }
    expect(
      (await publish(alice, 'k'.repeat(255), { name: 'Long key', ...sampleTable })).statusCode,
    ).toBe(201);
    expect(await datasetsNamed('Bad key')).toEqual([]);
  });

  const upload = (key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/datasets?name=Streamed',
      headers: { ...alice.auth, 'content-type': 'text/csv', 'idempotency-key': key },
      payload: 'city,rain\nBeijing,600\n',
    });

  it('answers a repeated streamed upload with the dataset the first one made', async () => {
    const first = await upload('stream-1');
    const again = await upload('stream-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await datasetsNamed('Streamed')).toHaveLength(1);
  });

  it('makes one dataset of two streamed uploads with one key sent at once', async () => {
    const before = await datasetsNamed('Streamed');
    const answers = await Promise.all([upload('stream-2'), upload('stream-2')]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[0].json()).toEqual(answers[1].json());
    expect(await datasetsNamed('Streamed')).toEqual([...before, answers[0].json().id]);
  });
});

describe('POST /datasets/{id}/versions with an Idempotency-Key', () => {
  it('adds one version for a repeated request and answers it again', async () => {
    const made = await publish(alice, undefined, { name: 'Versioned', ...sampleTable });
    const id = made.json().id as number;
    const next = { ...sampleTable, entries: sampleTable.entries.slice(0, 2), changelog: 'two' };
    const first = await publish(alice, 'version-2', next, `/datasets/${id}/versions`);
    const again = await publish(alice, 'version-2', next, `/datasets/${id}/versions`);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await datasetAs(t, id, alice)).json().latest_version).toBe(2);
  });
});

describe('keys older than 24 hours', () => {
  it('are deleted by the hourly sweep and then make a new dataset', async () => {
    const body = { name: 'Old key', ...sampleTable };
    const first = await publish(alice, 'old-key', body);
    await publish(alice, 'fresh-key', { name: 'Fresh key', ...sampleTable });
    await t.ctx.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'old-key'`,
    );
    expect(await sweepIdempotencyKeys(t.ctx.db)).toEqual({ deleted: 1 });
    const keys = await queryRows<{ key: string }>(
      t,
      sql`select key from idempotency_keys where key in ('old-key', 'fresh-key')`,
    );
    expect(keys.map((k) => k.key)).toEqual(['fresh-key']);
    const later = await publish(alice, 'old-key', body);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await datasetsNamed('Old key')).toEqual([first.json().id, later.json().id]);
  });

  it('make a new dataset even before the sweep runs', async () => {
    const body = { name: 'Unswept', ...sampleTable };
    await publish(alice, 'unswept', body);
    await t.ctx.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'unswept'`,
    );
    const later = await publish(alice, 'unswept', body);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await datasetsNamed('Unswept')).toHaveLength(2);
  });
});
