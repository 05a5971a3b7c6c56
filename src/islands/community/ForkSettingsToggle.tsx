import { useId, useState } from 'react';
import { useOneAtATime } from './useOneAtATime.ts';
import { getT } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { setAllowFork } from '../../stores/community.ts';
import { failureText } from '../../lib/error-text.ts';

type Props = {
  datasetId: number;
  /** The setting as the page loaded it. */
  allowFork: boolean;
  locale: Locale;
};

/**
 * The owner's switch for whether others may fork the dataset (edit page). Saved as soon as it
 * is flipped; further flips wait for the save (aria-disabled, focus kept); the result (or the server's refusal) is announced.
 */
export default function ForkSettingsToggle({ datasetId, allowFork, locale }: Props) {
  const t = getT(locale);
  const id = useId();
  const [allowed, setAllowed] = useState(allowFork);
  const { pending, run } = useOneAtATime();
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);

  const flip = (next: boolean) =>
    run(async () => {
      setAllowed(next);
      setMessage(null);
      try {
        const saved = await setAllowFork(datasetId, next);
        setAllowed(saved);
        setMessage({
          text: t(saved ? 'community:forkSettings.on' : 'community:forkSettings.off'),
          failed: false,
        });
      } catch (error) {
        setAllowed(!next);
        const detail = failureText(error, t);
        setMessage({
          text: detail
            ? t('common:common.withDetail', { text: t('community:forkSettings.failed'), detail })
            : t('community:forkSettings.failed'),
          failed: true,
        });
      }
    });

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex items-center gap-3 font-semibold">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={allowed}
          // Kept focusable while saving (a disabled control would drop keyboard focus).
          aria-disabled={pending || undefined}
          aria-describedby={`${id}-hint`}
          onChange={(e) => void flip(e.target.checked)}
          className="h-5 w-5"
        />
        {t('community:forkSettings.label')}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {t('community:forkSettings.hint')}
      </p>
      <p role="status" className={message?.failed ? 'text-sm text-danger' : 'text-sm text-success'}>
        {message?.text}
      </p>
    </div>
  );
}
