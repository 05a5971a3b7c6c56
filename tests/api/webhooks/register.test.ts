import { describe, expect, it } from 'vitest';
import { WEBHOOKS_MAX } from '../../../src/contracts/limits.ts';
import { caller, newDataset, setPublic, suiteApp, suiteUser } from '../../support/api.ts';
import { register, watch } from '../../support/webhook-receiver.ts';

describe('registering webhooks', () => {
  const t = suiteApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  const alice = suiteUser(t, 'alice');
  const bob = suiteUser(t, 'bob');
  const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t)(...args);

  it('answers the secret once, then lists the hook without it, and deletes it', async () => {
    const created = await register(t, alice, { url: 'http://127.0.0.1:9/hook' });
    expect(created.statusCode).toBe(201);
    const hook = created.json<Record<string, unknown>>();
    expect(hook).toMatchObject({
      url: 'http://127.0.0.1:9/hook',
      dataset_id: null,
      events: ['version.published'],
    });
    expect(hook['secret']).toMatch(/^whsec_[\w-]{40,}$/);

    const listed = await call('GET', '/webhooks', alice);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(String(hook['secret']));
    expect(listed.json()).toMatchObject({
      webhooks: [{ id: hook['id'], url: 'http://127.0.0.1:9/hook', recent_deliveries: [] }],
      max: WEBHOOKS_MAX,
    });
    expect((await call('GET', '/webhooks', bob)).json()).toMatchObject({ webhooks: [] });

    expect((await call('DELETE', `/webhooks/${String(hook['id'])}`, bob)).json()).toMatchObject({
      code: 'WEBHOOK_NOT_FOUND',
    });
    expect((await call('DELETE', `/webhooks/${String(hook['id'])}`, alice)).statusCode).toBe(204);
    expect((await call('GET', '/webhooks', alice)).json()).toMatchObject({ webhooks: [] });
  });

  it('refuses addresses that are not http(s), or carry a password, with the field named', async () => {
    for (const url of ['ftp://example.com/x', 'not a url', 'http://u:p@example.com/', '']) {
      const res = await register(t, alice, { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'url' }] });
    }
    const long = await register(t, alice, { url: `https://example.com/${'a'.repeat(2000)}` });
    expect(long.json()).toMatchObject({ details: [{ field: 'url' }] });
    const events = await register(t, alice, { url: 'http://127.0.0.1/', events: ['x'] });
    expect(events.json()).toMatchObject({ details: [{ field: 'events.0' }] });
  });

  it('takes a dataset the user owns or watches, 400 for one neither, 404 for a private one', async () => {
    const own = await newDataset(t, alice);
    const others = await newDataset(t, bob);
    const hidden = await newDataset(t, bob);
    await setPublic(t, bob, hidden.id, false);
    const url = 'http://127.0.0.1:9/';
    expect((await register(t, alice, { url, dataset_id: own.id })).statusCode).toBe(201);
    const notWatched = await register(t, alice, { url, dataset_id: others.id });
    expect(notWatched.statusCode).toBe(400);
    expect(notWatched.json()).toMatchObject({ details: [{ field: 'dataset_id' }] });
    await watch(t, alice.id, others.id);
    expect((await register(t, alice, { url, dataset_id: others.id })).statusCode).toBe(201);
    const priv = await register(t, alice, { url, dataset_id: hidden.id });
    expect(priv.statusCode).toBe(404);
    expect(priv.json()).toMatchObject({ code: 'DATASET_NOT_FOUND' });
  });

  it(`refuses more than ${WEBHOOKS_MAX} hooks per user`, async () => {
    const carol = await import('../../support/api.ts').then((m) => m.addUser(t, 'carol'));
    for (let i = 0; i < WEBHOOKS_MAX; i++) {
      expect((await register(t, carol, { url: `http://127.0.0.1:9/${i}` })).statusCode).toBe(201);
    }
    const over = await register(t, carol, { url: 'http://127.0.0.1:9/over' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'WEBHOOK_LIMIT_REACHED',
      details: { limit: WEBHOOKS_MAX },
    });
  });

  it('takes a write token from scripts, and refuses a read token', async () => {
    const token = async (scope: string) => {
      const res = await call('POST', '/tokens', alice, { name: scope, scope });
      return { auth: { authorization: `Bearer ${res.json<{ token: string }>().token}` } };
    };
    const reader = await token('read');
    const refused = await register(t, reader, { url: 'http://127.0.0.1:9/' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TOKEN_SCOPE_INSUFFICIENT' });
    expect((await call('GET', '/webhooks', reader)).statusCode).toBe(200);
    expect(
      (await register(t, await token('write'), { url: 'http://127.0.0.1:9/' })).statusCode,
    ).toBe(201);
  });

  it('asks for a signed-in caller', async () => {
    expect(
      (await register(t, { auth: { authorization: '' } }, { url: 'http://a.b/' })).statusCode,
    ).toBe(401);
    expect((await call('GET', '/webhooks')).statusCode).toBe(401);
  });
});

describe('private addresses, when not allowed', () => {
  const t = suiteApp();
  const alice = suiteUser(t, 'alice');

  it.each([
    'http://127.0.0.1/',
    'http://127.1.2.3:8080/hook',
    'http://localhost:8080/hook',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://0.0.0.0/',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://224.0.0.1/',
    'http://2130706433/',
  ])('refuses %s with 400 WEBHOOK_ADDRESS_REFUSED', async (url) => {
    const res = await register(t, alice, { url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WEBHOOK_ADDRESS_REFUSED' });
  });

  it('refuses a host that does not resolve', async () => {
    const res = await register(t, alice, { url: 'http://no-such-host.invalid/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WEBHOOK_HOST_UNKNOWN' });
  });
});
