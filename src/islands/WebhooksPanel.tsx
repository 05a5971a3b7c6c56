import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { WEBHOOK_URL_MAX } from '../contracts/limits.ts';
import { getT, loadAreas, type T } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  type CreatedWebhook,
  type ListedWebhook,
  type WebhookList,
} from '../lib/api/webhooks.ts';
import { failureText } from '../lib/error-text.ts';
import { $auth } from '../stores/auth.ts';
import { createLoader } from '../stores/loader.ts';
import { toast, toastFailure } from '../stores/toasts.ts';
import { FormAlert, SubmitButton, TextField } from './form/Field.tsx';
import { useHydrated } from './useHydrated.ts';
import { useLoader } from './useLoader.ts';
import { WebhookRow } from './WebhookRow.tsx';

// Its texts are not in every page's dictionary chunk (src/i18n/areas.ts).
await loadAreas(['webhooks']);

/** The form's own checks: an http(s) URL, and a dataset id made of digits or nothing. */
function checkHook(url: string, dataset: string, t: T): string | null {
  if (!/^https?:\/\/\S+$/i.test(url)) return t('webhooks:urlInvalid');
  if (dataset !== '' && !/^[1-9]\d{0,9}$/.test(dataset)) return t('webhooks:datasetInvalid');
  return null;
}

/** Adding a hook: its URL and, optionally, the one dataset it is for. */
function CreateWebhookForm({ t, onCreated }: { t: T; onCreated: (h: CreatedWebhook) => void }) {
  const [url, setUrl] = useState('');
  const [dataset, setDataset] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = checkHook(url.trim(), dataset.trim(), t);
    setFailure(problem);
    if (problem) return;
    setBusy(true);
    try {
      const datasetId = dataset.trim() === '' ? null : Number(dataset.trim());
      onCreated(await createWebhook({ url: url.trim(), datasetId }));
      setUrl('');
      setDataset('');
    } catch (error) {
      setFailure(failureText(error, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <FormAlert message={failure} />
      <TextField
        id="webhook-url"
        type="url"
        label={t('webhooks:url')}
        hint={t('webhooks:urlHint')}
        maxLength={WEBHOOK_URL_MAX}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
      />
      <TextField
        id="webhook-dataset"
        inputMode="numeric"
        label={t('webhooks:dataset')}
        hint={t('webhooks:datasetHint')}
        value={dataset}
        onChange={(e) => setDataset(e.target.value)}
      />
      <div>
        <SubmitButton busy={busy} label={t('webhooks:create')} busyLabel={t('webhooks:creating')} />
      </div>
    </form>
  );
}

/** A new hook's secret, shown once, with a copy button. */
function NewSecret({ hook, t }: { hook: CreatedWebhook; t: T }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="rounded border border-brand-100 bg-brand-50 p-4">
      <p className="font-bold">{t('webhooks:secretTitle')}</p>
      <p className="mt-1 text-sm">{t('webhooks:secretNote')}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code
          className="min-w-0 flex-1 break-all rounded bg-surface px-2 py-1 text-sm"
          data-testid="webhook-secret"
        >
          {hook.secret}
        </code>
        <button
          type="button"
          className="btn"
          onClick={() =>
            void navigator.clipboard.writeText(hook.secret).then(() => setCopied(true))
          }
        >
          {copied ? t('webhooks:copied') : t('webhooks:copy')}
        </button>
      </div>
    </div>
  );
}

/**
 * The profile's webhooks: add one (its secret shown once), list them with their last
 * deliveries (state, status code, attempts), and delete one.
 */
export default function WebhooksPanel({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const { user } = useStore($auth);
  const signedIn = user !== null;
  const { data, status, error, loader } = useLoader(() =>
    createLoader<null, WebhookList>({ fetch: () => listWebhooks() }),
  );
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    void loader.load(null);
    return () => loader.cancel();
  }, [loader, signedIn]);

  function add(hook: CreatedWebhook) {
    setCreated(hook);
    const { secret: _secret, ...listed } = hook;
    loader.update(
      (before) =>
        before && {
          ...before,
          webhooks: [{ ...listed, recentDeliveries: [] }, ...before.webhooks],
        },
    );
  }

  async function remove(hook: ListedWebhook) {
    try {
      await deleteWebhook(hook.id);
      loader.update(
        (before) =>
          before && { ...before, webhooks: before.webhooks.filter((h) => h.id !== hook.id) },
      );
      setCreated((shown) => (shown?.id === hook.id ? null : shown));
      toast({ title: t('webhooks:deleted') });
    } catch (failure) {
      toastFailure(t('webhooks:deleteFailed'), failureText(failure, t));
    }
  }

  if (!hydrated || !signedIn) return null;
  const hooks = data?.webhooks ?? null;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted">{t('webhooks:intro')}</p>
      <CreateWebhookForm t={t} onCreated={add} />
      {created && <NewSecret hook={created} t={t} />}
      {status === 'failed' && <FormAlert message={failureText(error, t)} />}
      {hooks !== null && hooks.length === 0 && (
        <p className="text-sm text-muted">{t('webhooks:none')}</p>
      )}
      {hooks !== null && hooks.length > 0 && (
        <ul aria-label={t('webhooks:listCaption')} className="flex flex-col">
          {hooks.map((hook) => (
            <WebhookRow
              key={hook.id}
              hook={hook}
              locale={locale}
              t={t}
              onDelete={() => void remove(hook)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
