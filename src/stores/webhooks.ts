/**
 * The profile's webhooks as a store: the list with each hook's last deliveries (loaded once
 * shown), the form that adds one (its secret shown once, `$created`), deleting one. The API comes
 * in as `WebhooksApi`, so the flow runs without a browser in its tests.
 */
import { atom, map } from 'nanostores';
import type { T } from '../i18n/index.ts';
import type { CreatedWebhook, ListedWebhook, WebhookList } from '../lib/api/webhooks.ts';
import { failureText } from '../lib/error-text.ts';
import { createLoader } from './loader.ts';
import { toast, toastFailure } from './toasts.ts';

export type WebhooksApi = {
  list: () => Promise<WebhookList>;
  create: (hook: { url: string; datasetId: number | null }) => Promise<CreatedWebhook>;
  remove: (id: number) => Promise<void>;
};

export type WebhookDraft = {
  url: string;
  /** The one dataset the hook is for, as typed; '' for all of the caller's. */
  dataset: string;
  busy: boolean;
  /** Why the hook was not added; null when nothing went wrong. */
  failure: string | null;
};

/** The form's own checks: an http(s) URL, and a dataset id made of digits or nothing. */
function checkHook(url: string, dataset: string, t: T): string | null {
  if (!/^https?:\/\/\S+$/i.test(url)) return t('webhooks:urlInvalid');
  if (dataset !== '' && !/^[1-9]\d{0,9}$/.test(dataset)) return t('webhooks:datasetInvalid');
  return null;
}

export function createWebhooks(api: WebhooksApi, t: T) {
  const loader = createLoader<null, WebhookList>({ fetch: () => api.list() });
  const $created = atom<CreatedWebhook | null>(null);
  const $draft = map<WebhookDraft>({ url: '', dataset: '', busy: false, failure: null });

  /** Adds the hook the form describes; the form empties once it is added. */
  async function add() {
    const { busy, ...draft } = $draft.get();
    if (busy) return;
    const url = draft.url.trim();
    const dataset = draft.dataset.trim();
    const problem = checkHook(url, dataset, t);
    $draft.setKey('failure', problem);
    if (problem) return;
    $draft.setKey('busy', true);
    try {
      const hook = await api.create({ url, datasetId: dataset === '' ? null : Number(dataset) });
      $created.set(hook);
      const { secret: _secret, ...listed } = hook;
      loader.update(
        (before) =>
          before && {
            ...before,
            webhooks: [{ ...listed, recentDeliveries: [] }, ...before.webhooks],
          },
      );
      $draft.set({ url: '', dataset: '', busy: false, failure: null });
    } catch (error) {
      $draft.set({ ...$draft.get(), busy: false, failure: failureText(error, t) });
    }
  }

  /** Deletes a hook: it leaves the list (and its secret, if shown), and a toast says so. */
  async function remove(hook: ListedWebhook) {
    try {
      await api.remove(hook.id);
      loader.update(
        (before) =>
          before && { ...before, webhooks: before.webhooks.filter((h) => h.id !== hook.id) },
      );
      if ($created.get()?.id === hook.id) $created.set(null);
      toast({ title: t('webhooks:deleted') });
    } catch (failure) {
      toastFailure(t('webhooks:deleteFailed'), failureText(failure, t));
    }
  }

  return {
    $list: loader.$loader,
    $created,
    $draft,
    edit: (field: 'url' | 'dataset', value: string) => $draft.setKey(field, value),
    add,
    remove,
    start: () => loader.load(null),
    cancel: loader.cancel,
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
