import { useEffect, useState } from 'react';
import type { Delivery, NotificationKind } from '../../contracts/notifications.ts';
import { getT, loadAreas } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { notificationSettings, type NotificationSettings } from '../../lib/api/notifications.ts';
import { failureText } from '../../lib/error-text.ts';
import { toastFailure } from '../../stores/toasts.ts';
import { useViewer } from '../community/useViewer.ts';
import { KIND_LABELS } from './notification-line.ts';

// Its texts are not in every page's dictionary chunk (src/i18n/areas.ts).
await loadAreas(['notifications']);

const DELIVERY_LABELS = {
  inbox: 'notifications:settings.inbox',
  none: 'notifications:settings.none',
} as const satisfies Record<Delivery, string>;
// From the label maps rather than the contract's lists: this island does not load zod.
const KINDS = Object.keys(KIND_LABELS) as NotificationKind[];
const DELIVERIES = Object.keys(DELIVERY_LABELS) as Delivery[];

/**
 * The choice per kind of notification: in the inbox, or not at all. Each change is saved at
 * once (a status line says so; a failure is a toast and the choice goes back).
 */
export default function NotificationSettingsForm({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const viewer = useViewer();
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (!viewer.signedIn) return;
    notificationSettings()
      .then(setSettings)
      .catch(() => undefined);
  }, [viewer.signedIn]);

  if (!settings) return null;

  async function choose(kind: keyof NotificationSettings, delivery: Delivery) {
    setMessage('');
    const before = settings;
    setSettings((s) => s && { ...s, [kind]: delivery });
    try {
      setSettings(await notificationSettings({ [kind]: delivery }));
      setMessage(t('notifications:settings.saved'));
    } catch (error) {
      setSettings(before);
      toastFailure(t('notifications:settings.failed'), failureText(error, t));
    }
  }

  return (
    <div className="flex flex-col gap-3">
      {KINDS.map((kind) => (
        <fieldset key={kind} className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <legend className="float-left mr-4 min-w-64 font-medium">{t(KIND_LABELS[kind])}</legend>
          {DELIVERIES.map((delivery) => (
            <label key={delivery} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`delivery-${kind}`}
                value={delivery}
                checked={settings[kind] === delivery}
                onChange={() => void choose(kind, delivery)}
              />
              {t(DELIVERY_LABELS[delivery])}
            </label>
          ))}
        </fieldset>
      ))}
      <p role="status" className="sr-only">
        {message}
      </p>
    </div>
  );
}
