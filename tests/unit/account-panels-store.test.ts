import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getT, loadAreas } from '../../src/i18n/index.ts';
import { ApiError } from '../../src/lib/api/errors.ts';
import type { ApiToken, CreatedToken, NewToken, TokenList } from '../../src/lib/api/tokens.ts';
import type { CreatedWebhook, WebhookList } from '../../src/lib/api/webhooks.ts';
import { $toasts } from '../../src/stores/toasts.ts';
import { createTokens } from '../../src/stores/tokens.ts';
import { createWebhooks } from '../../src/stores/webhooks.ts';

const t = getT('en-US');

beforeAll(() => loadAreas(['webhooks']));
beforeEach(() => $toasts.set([]));

const token = (id: number, expiresAt: string | null = null): ApiToken => ({
  id,
  name: `token ${id}`,
  scope: 'read',
  prefix: 'shf_abcd',
  createdAt: '2025-01-01T00:00:00.000Z',
  lastUsedAt: null,
  expiresAt,
});

/** The caller's tokens as the API keeps them, `max` in force at most. */
function tokensApi(list: ApiToken[], max: number) {
  const made: NewToken[] = [];
  let next = 100;
  const live = () => list.filter((x) => x.expiresAt === null).length;
  return {
    made,
    api: {
      list: (): Promise<TokenList> =>
        Promise.resolve({ tokens: [...list], live: live(), liveMax: max }),
      create: (asked: NewToken): Promise<CreatedToken> => {
        if (live() >= max) {
          return Promise.reject(new ApiError('full', { status: 409, code: 'TOKEN_LIMIT_REACHED' }));
        }
        made.push(asked);
        const created = { ...token(next++), name: asked.name, token: 'shf_secret' };
        list.unshift(created);
        return Promise.resolve(created);
      },
      revoke: (id: number): Promise<void> => {
        list.splice(
          list.findIndex((x) => x.id === id),
          1,
        );
        return Promise.resolve();
      },
    },
  };
}

describe('the tokens panel', () => {
  it('creates a token, shows its secret once and counts it; the scope and lifetime stay', async () => {
    const { api, made } = tokensApi([token(1)], 5);
    const tokens = createTokens(api, t);
    await tokens.start();
    tokens.form.edit('name', ' laptop ');
    tokens.form.edit('days', '');
    await tokens.form.submit();
    expect(made).toEqual([{ name: 'laptop', scope: 'read' }]);
    expect(tokens.$created.get()?.token).toBe('shf_secret');
    expect(tokens.$list.get().data).toMatchObject({
      live: 2,
      tokens: [{ name: 'laptop' }, { id: 1 }],
    });
    expect(tokens.form.$form.get().values).toEqual({ name: '', scope: 'read', days: '' });
  });

  it('says the cap is reached, and reads the list again when refused at it', async () => {
    const list = [token(1)];
    const { api } = tokensApi(list, 2);
    const tokens = createTokens(api, t);
    await tokens.start();
    expect(tokens.$full.get()).toBeNull();
    list.unshift(token(2)); // made in another tab
    tokens.form.edit('name', 'ci');
    await tokens.form.submit();
    await new Promise((resolve) => setImmediate(resolve));
    expect(tokens.$list.get().data?.live).toBe(2);
    expect(tokens.$full.get()).toBe(t('auth:tokens.full', { max: 2 }));
  });

  it('revokes one: it leaves the list, an expired one does not count as in force', async () => {
    const { api } = tokensApi([token(1), token(2, '2020-01-01T00:00:00.000Z')], 5);
    const tokens = createTokens(api, t);
    await tokens.start();
    await tokens.revoke(token(2, '2020-01-01T00:00:00.000Z'));
    expect(tokens.$list.get().data).toMatchObject({ live: 1, tokens: [{ id: 1 }] });
    expect($toasts.get()[0]?.title).toBe(t('auth:tokens.revoked', { name: 'token 2' }));
  });

  it('says in the form why the list did not load', async () => {
    const failing = { ...tokensApi([], 5).api, list: () => Promise.reject(new Error('offline')) };
    const tokens = createTokens(failing, t);
    await tokens.start();
    expect(tokens.form.$form.get().failure).not.toBeNull();
  });
});

describe('the webhooks panel', () => {
  const created: CreatedWebhook = {
    id: 4,
    url: 'https://example.com/hook',
    datasetId: 12,
    events: ['version.published'],
    createdAt: '2025-01-01T00:00:00.000Z',
    secret: 'whsec',
  };
  const api = (asked: unknown[] = []) => ({
    list: (): Promise<WebhookList> => Promise.resolve({ webhooks: [], max: 10 }),
    create: (hook: { url: string; datasetId: number | null }) => {
      asked.push(hook);
      return Promise.resolve(created);
    },
    remove: () => Promise.resolve(),
  });

  it('refuses a URL that is not http(s) or a dataset that is not an id, sending nothing', async () => {
    const asked: unknown[] = [];
    const hooks = createWebhooks(api(asked), t);
    hooks.edit('url', 'ftp://example.com');
    await hooks.add();
    expect(hooks.$draft.get().failure).toBe(t('webhooks:urlInvalid'));
    hooks.edit('url', 'https://example.com/hook');
    hooks.edit('dataset', '0x1');
    await hooks.add();
    expect(hooks.$draft.get().failure).toBe(t('webhooks:datasetInvalid'));
    expect(asked).toEqual([]);
  });

  it('adds a hook: its secret shown, listed without deliveries, the form emptied; deletes it', async () => {
    const asked: unknown[] = [];
    const hooks = createWebhooks(api(asked), t);
    await hooks.start();
    hooks.edit('url', ' https://example.com/hook ');
    hooks.edit('dataset', '12');
    await hooks.add();
    expect(asked).toEqual([{ url: 'https://example.com/hook', datasetId: 12 }]);
    expect(hooks.$created.get()?.secret).toBe('whsec');
    expect(hooks.$list.get().data?.webhooks).toEqual([
      {
        id: 4,
        url: 'https://example.com/hook',
        datasetId: 12,
        events: ['version.published'],
        createdAt: created.createdAt,
        recentDeliveries: [],
      },
    ]);
    expect(hooks.$draft.get()).toEqual({ url: '', dataset: '', busy: false, failure: null });
    await hooks.remove({ ...created, recentDeliveries: [] });
    expect(hooks.$list.get().data?.webhooks).toEqual([]);
    expect(hooks.$created.get()).toBeNull();
    expect($toasts.get()[0]?.title).toBe(t('webhooks:deleted'));
  });
});
