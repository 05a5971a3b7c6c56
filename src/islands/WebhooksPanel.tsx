import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { WEBHOOK_URL_MAX } from '../contracts/limits.ts';
import { getT, loadAreas, type T } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  type CreatedWebhook,
} from '../lib/api/webhooks.ts';
import { failureText } from '../lib/error-text.ts';
import { $auth } from '../stores/auth.ts';
import { createWebhooks, type Webhooks } from '../stores/webhooks.ts';
import { FormAlert, SubmitButton, TextField } from './form/Field.tsx';
import { useFlow } from './useFlow.ts';
import { useHydrated } from './useHydrated.ts';
import { WebhookRow } from './WebhookRow.tsx';

// Its texts are not in every page's dictionary chunk (src/i18n/areas.ts).
await loadAreas(['webhooks']);

/** Adding a hook: its URL and, optionally, the one dataset it is for. */
function CreateWebhookForm({ hooks, t }: { hooks: Webhooks; t: T }) {
  const { url, dataset, busy, failure } = useStore(hooks.$draft);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void hooks.add();
      }}
      className="flex flex-col gap-4"
    >
      <FormAlert message={failure} />
      <TextField
        id="webhook-url"
        type="url"
        label={t('webhooks:url')}
        hint={t('webhooks:urlHint')}
        maxLength={WEBHOOK_URL_MAX}
        value={url}
        onChange={(e) => hooks.edit('url', e.target.value)}
      />
      <TextField
        id="webhook-dataset"
        inputMode="numeric"
        label={t('webhooks:dataset')}
        hint={t('webhooks:datasetHint')}
        value={dataset}
        onChange={(e) => hooks.edit('dataset', e.target.value)}
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

/** The signed-in user's hooks, loaded once shown. */
function Hooks({ locale, t }: { locale: Locale; t: T }) {
  const hooks = useFlow(() =>
    createWebhooks({ list: listWebhooks, create: createWebhook, remove: deleteWebhook }, t),
  );
  const { data, status, error } = useStore(hooks.$list);
  const created = useStore(hooks.$created);
  const listed = data?.webhooks ?? null;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted">{t('webhooks:intro')}</p>
      <CreateWebhookForm hooks={hooks} t={t} />
      {created && <NewSecret hook={created} t={t} />}
      {status === 'failed' && <FormAlert message={failureText(error, t)} />}
      {listed !== null && listed.length === 0 && (
        <p className="text-sm text-muted">{t('webhooks:none')}</p>
      )}
      {listed !== null && listed.length > 0 && (
        <ul aria-label={t('webhooks:listCaption')} className="flex flex-col">
          {listed.map((hook) => (
            <WebhookRow
              key={hook.id}
              hook={hook}
              locale={locale}
              t={t}
              onDelete={() => void hooks.remove(hook)}
            />
          ))}
        </ul>
      )}
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
  if (!hydrated || user === null) return null;
  return <Hooks locale={locale} t={t} />;
}
