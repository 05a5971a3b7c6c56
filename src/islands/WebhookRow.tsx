import { useState } from 'react';
import type { T } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import type { ListedWebhook } from '../lib/api/webhooks.ts';
import { dateTimeFormat } from '../lib/intl.ts';

type Delivery = ListedWebhook['recentDeliveries'][number];

function stateText(delivery: Delivery, t: T): string {
  if (delivery.state === 'delivered') return t('webhooks:state.delivered');
  if (delivery.state === 'failed') return t('webhooks:state.failed');
  return t('webhooks:state.pending');
}

/** The hook's last deliveries: when, what came of it, the last status code, attempts. */
function DeliveryLog({ hook, locale, t }: { hook: ListedWebhook; locale: Locale; t: T }) {
  const when = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  if (hook.recentDeliveries.length === 0) {
    return <p className="mt-2 text-sm text-muted">{t('webhooks:noDeliveries')}</p>;
  }
  return (
    <table className="mt-2 w-full text-left text-sm" data-testid="webhook-deliveries">
      <caption className="sr-only">{t('webhooks:deliveries', { url: hook.url })}</caption>
      <thead className="text-muted">
        <tr>
          <th scope="col">{t('webhooks:col.time')}</th>
          <th scope="col">{t('webhooks:col.state')}</th>
          <th scope="col">{t('webhooks:col.status')}</th>
          <th scope="col">{t('webhooks:col.attempts')}</th>
        </tr>
      </thead>
      <tbody>
        {hook.recentDeliveries.map((d) => (
          <tr key={d.id}>
            <td>{when.format(new Date(d.createdAt))}</td>
            <td>{stateText(d, t)}</td>
            <td title={d.lastError ?? undefined}>
              {d.lastStatus === null ? (d.lastError ? t('webhooks:noAnswer') : '—') : d.lastStatus}
            </td>
            <td>{d.attempts}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A listed hook: its URL, which datasets it is for, its delivery log and a delete button that
 * asks first.
 */
export function WebhookRow({
  hook,
  locale,
  t,
  onDelete,
}: {
  hook: ListedWebhook;
  locale: Locale;
  t: T;
  onDelete: () => void;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <li className="border-t border-line py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="break-all font-medium">{hook.url}</p>
          <p className="text-sm text-muted">
            {hook.datasetId === null
              ? t('webhooks:allDatasets')
              : t('webhooks:oneDataset', { id: String(hook.datasetId) })}
          </p>
        </div>
        {asking ? (
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" className="btn btn-danger min-h-11" onClick={onDelete}>
              {t('webhooks:deleteConfirm')}
            </button>
            <button type="button" className="btn min-h-11" onClick={() => setAsking(false)}>
              {t('webhooks:cancel')}
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="btn btn-danger min-h-11"
            aria-label={t('webhooks:deleteLabel', { url: hook.url })}
            onClick={() => setAsking(true)}
          >
            {t('webhooks:delete')}
          </button>
        )}
      </div>
      <DeliveryLog hook={hook} locale={locale} t={t} />
    </li>
  );
}
