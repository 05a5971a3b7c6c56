import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '../../support/users.ts';
import { sql } from 'drizzle-orm';
import { SAVED_QUERIES_MAX } from '../../../src/contracts/limits.ts';
import { caller, fieldsOf, newDataset, queryRows, setPublic, suiteApp } from '../../support/api.ts';

const t = suiteApp();
let call: ReturnType<typeof caller>;
let owner: SignedUp;
let ann: SignedUp;
let bob: SignedUp;

beforeAll(async () => {
  call = caller(t);
  [owner, ann, bob] = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
});

const query = { title: 'Wettest cities', sql: 'SELECT city FROM t ORDER BY rain_mm DESC' };

describe('saved queries', () => {
  it('are saved by any signed-in viewer, listed newest first for everyone, and opened by id', async () => {
    const dataset = await newDataset(t, owner);
    const saved = await call('POST', `/datasets/${dataset.id}/queries`, ann, {
      ...query,
      title: '  Wettest cities ',
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({
      dataset_id: dataset.id,
      title: 'Wettest cities',
      sql: query.sql,
      author: { id: ann.user.id, username: ann.user.username },
    });
    expect(saved.json().author.email).toBeUndefined();
    const second = await call('POST', `/datasets/${dataset.id}/queries`, owner, {
      title: 'Count',
      sql: 'SELECT count(*) FROM t',
    });
    expect(second.statusCode).toBe(201);

    const list = await call('GET', `/datasets/${dataset.id}/queries`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, offset: 0 });
    expect(list.json<{ queries: { title: string }[] }>().queries.map((q) => q.title)).toEqual([
      'Count',
      'Wettest cities',
    ]);

    const one = await call('GET', `/datasets/${dataset.id}/queries/${saved.json().id}`);
    expect(one.json()).toEqual(saved.json());
    const elsewhere = await newDataset(t, owner);
    const wrong = await call('GET', `/datasets/${elsewhere.id}/queries/${saved.json().id}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().code).toBe('SAVED_QUERY_NOT_FOUND');
  });

  it('needs a signed-in caller to save', async () => {
    const dataset = await newDataset(t, owner);
    const res = await call('POST', `/datasets/${dataset.id}/queries`, undefined, query);
    expect(res.statusCode).toBe(401);
  });

  it('are deleted by their author or the dataset owner; anyone else is 403', async () => {
    const dataset = await newDataset(t, owner);
    const make = async () =>
      (await call('POST', `/datasets/${dataset.id}/queries`, ann, query)).json().id as number;
    const [first, second] = [await make(), await make()];

    const stranger = await call('DELETE', `/datasets/${dataset.id}/queries/${first}`, bob);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('FORBIDDEN');
    const guest = await call('DELETE', `/datasets/${dataset.id}/queries/${first}`);
    expect(guest.statusCode).toBe(401);

    expect((await call('DELETE', `/datasets/${dataset.id}/queries/${first}`, ann)).statusCode).toBe(
      204,
    );
    expect(
      (await call('DELETE', `/datasets/${dataset.id}/queries/${second}`, owner)).statusCode,
    ).toBe(204);
    const gone = await call('DELETE', `/datasets/${dataset.id}/queries/${second}`, owner);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('SAVED_QUERY_NOT_FOUND');
    expect((await call('GET', `/datasets/${dataset.id}/queries`)).json().total).toBe(0);
  });

  it('refuses a missing, blank or too long title or sql, and a body that is not an object', async () => {
    const dataset = await newDataset(t, owner);
    const url = `/datasets/${dataset.id}/queries`;
    const cases: [Record<string, unknown>, string][] = [
      [{ sql: 'SELECT 1' }, 'title'],
      [{ title: '   ', sql: 'SELECT 1' }, 'title'],
      [{ title: 'x'.repeat(101), sql: 'SELECT 1' }, 'title'],
      [{ title: 'Ok', sql: ' ' }, 'sql'],
      [{ title: 'Ok', sql: `SELECT '${'x'.repeat(10_000)}'` }, 'sql'],
      [{ title: 'Ok', sql: 42 }, 'sql'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', url, ann, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(fieldsOf(res)).toContain(field);
    }
    const longest = await call('POST', url, ann, {
      title: '表'.repeat(100),
      sql: 'x'.repeat(10_000),
    });
    expect(longest.statusCode).toBe(201);
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { ...ann.auth, 'content-type': 'application/json' },
      payload: '[1,',
    });
    expect(notJson.statusCode).toBe(400);
    expect(typeof notJson.json().code).toBe('string');
  });

  it('of a private dataset are 404 for everyone but its owner', async () => {
    const dataset = await newDataset(t, owner);
    const saved = (await call('POST', `/datasets/${dataset.id}/queries`, ann, query)).json();
    await setPublic(t, owner, dataset.id, false);
    const url = `/datasets/${dataset.id}/queries`;
    for (const who of [undefined, ann, bob]) {
      for (const res of [
        await call('GET', url, who),
        await call('GET', `${url}/${saved.id}`, who),
        await call('POST', url, who ?? ann, query),
        await call('DELETE', `${url}/${saved.id}`, who ?? ann),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('DATASET_NOT_FOUND');
      }
    }
    expect((await call('GET', url, owner)).json().total).toBe(1);
    expect((await call('POST', url, owner, query)).statusCode).toBe(201);
    expect((await call('DELETE', `${url}/${saved.id}`, owner)).statusCode).toBe(204);
  });

  it('are at most SAVED_QUERIES_MAX on one dataset: one more is 409', async () => {
    const dataset = await newDataset(t, owner);
    await queryRows(
      t,
      sql`insert into saved_queries (dataset_id, author_id, title, sql)
          select ${dataset.id}, ${ann.user.id}, 'q', 'SELECT 1'
          from generate_series(1, ${SAVED_QUERIES_MAX})`,
    );
    const refused = await call('POST', `/datasets/${dataset.id}/queries`, bob, query);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'SAVED_QUERY_LIMIT_REACHED',
      details: { limit: SAVED_QUERIES_MAX },
    });
  });

  it('go with their dataset', async () => {
    const dataset = await newDataset(t, owner);
    await call('POST', `/datasets/${dataset.id}/queries`, ann, query);
    expect((await call('DELETE', `/datasets/${dataset.id}`, owner)).statusCode).toBe(204);
    const res = await call('GET', `/datasets/${dataset.id}/queries`);
    expect(res.statusCode).toBe(404);
  });
});
