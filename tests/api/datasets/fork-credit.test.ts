import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../../src/contracts/datasets.ts';
import { createDataset, get, suiteApp, suiteUser, type TestUser } from '../../support/api.ts';
import { signUp } from '../../support/users.ts';

/** A fork credits its origin and the origin's author by name, even after both are gone. */
const t = suiteApp();
const alice = suiteUser(t, 'alice');
const bob = suiteUser(t, 'bob');
const carol = suiteUser(t, 'carol');

const send = (method: 'PUT' | 'DELETE' | 'POST', url: string, user: TestUser, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user.headers,
    ...(payload && { payload }),
  });

const forkOf = async (id: number, user: TestUser) => {
  const res = await send('POST', `/datasets/${id}/fork`, user, {});
  expect(res.statusCode).toBe(201);
  return res.json<Dataset>();
};

describe('fork credit', () => {
  it('names the origin and its author; nothing for a dataset that is not a fork', async () => {
    const origin = await createDataset(t, alice, { name: '城市人口' });
    expect(origin.fork_credit).toBeNull();
    const fork = await forkOf(origin.id, bob);
    expect(fork.fork_credit).toEqual({ name: '城市人口', author: 'alice' });
    expect(fork.forked_from).toEqual({ id: origin.id, name: '城市人口' });
  });

  it('is hidden while the origin is private to the caller, like the link', async () => {
    const origin = await createDataset(t, alice, { name: '私有来源' });
    const fork = await forkOf(origin.id, bob);
    expect(
      (await send('PUT', `/datasets/${origin.id}`, alice, { is_public: false })).statusCode,
    ).toBe(200);
    const seen = (await get(t, `/datasets/${fork.id}`, carol)).json<Dataset>();
    expect(seen).toMatchObject({ is_fork: true, forked_from: null, fork_credit: null });
  });

  it('stays, as recorded when the fork was made, after the origin is deleted', async () => {
    const origin = await createDataset(t, alice, { name: '人口普查' });
    const fork = await forkOf(origin.id, bob);
    expect((await send('DELETE', `/datasets/${origin.id}`, alice)).statusCode).toBe(204);
    for (const viewer of [bob, carol, undefined]) {
      const seen = (await get(t, `/datasets/${fork.id}`, viewer)).json<Dataset>();
      expect(seen).toMatchObject({
        forked_from: null,
        fork_credit: { name: '人口普查', author: 'alice' },
      });
    }
    const listed = await get(t, '/datasets/me', bob);
    expect(
      listed.json<{ datasets: Dataset[] }>().datasets.find((d) => d.id === fork.id),
    ).toMatchObject({
      fork_credit: { name: '人口普查', author: 'alice' },
    });
  });

  it('never names a private origin, not even once it is deleted', async () => {
    const origin = await createDataset(t, alice, { name: '裁员计划', is_public: false });
    const res = await send('POST', `/datasets/${origin.id}/fork`, alice, {
      name: '公开摘要',
      is_public: true,
    });
    expect(res.statusCode).toBe(201);
    const fork = res.json<Dataset>();
    expect((await send('DELETE', `/datasets/${origin.id}`, alice)).statusCode).toBe(204);
    for (const viewer of [bob, undefined]) {
      const seen = await get(t, `/datasets/${fork.id}`, viewer);
      expect(seen.json()).toMatchObject({ is_fork: true, forked_from: null, fork_credit: null });
      expect(seen.body).not.toContain('裁员计划');
    }
    const listed = await get(t, `/datasets?query=${encodeURIComponent('公开摘要')}`);
    expect(listed.body).toContain('公开摘要');
    expect(listed.body).not.toContain('裁员计划');
  });

  it('keeps nothing of an origin made private before its author deleted the account', async () => {
    const dora = await signUp(t.app);
    const origin = await createDataset(t, dora, { name: '内部名单' });
    const fork = await forkOf(origin.id, bob);
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/datasets/${origin.id}`,
      headers: dora.auth,
      payload: { is_public: false },
    });
    expect(update.statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: dora.auth,
      payload: { password: dora.password },
    });
    expect(deleted.statusCode).toBe(204);
    const seen = (await get(t, `/datasets/${fork.id}`, carol)).json<Dataset>();
    expect(seen).toMatchObject({ forked_from: null, fork_credit: null });
  });

  it('does not record the name a private origin had when it was forked', async () => {
    const origin = await createDataset(t, alice, { name: '草稿名单', is_public: false });
    const res = await send('POST', `/datasets/${origin.id}/fork`, alice, {
      name: '公开版',
      is_public: true,
    });
    expect(res.statusCode).toBe(201);
    const fork = res.json<Dataset>();
    const renamed = await send('PUT', `/datasets/${origin.id}`, alice, {
      name: '正式名单',
      is_public: true,
    });
    expect(renamed.statusCode).toBe(200);
    const linked = (await get(t, `/datasets/${fork.id}`, carol)).json<Dataset>();
    expect(linked.fork_credit).toEqual({ name: '正式名单', author: 'alice' });
    expect((await send('DELETE', `/datasets/${origin.id}`, alice)).statusCode).toBe(204);
    const seen = await get(t, `/datasets/${fork.id}`, carol);
    expect(seen.json()).toMatchObject({ forked_from: null, fork_credit: null });
    expect(seen.body).not.toContain('草稿名单');
  });
});
