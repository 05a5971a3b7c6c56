import { lazy, Suspense, useState } from 'react';
import { getT } from '../../../i18n/index.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { useHydrated } from '../../useHydrated.ts';

const ConsolePanel = lazy(() => import('./ConsolePanel.tsx'));

type Props = {
  datasetId: number;
  versions: number[];
  locale: Locale;
  /** The SQL text the page's address names (`?sql=`), written in the box when it opens. */
  sql?: string | undefined;
};

/**
 * The SQL console's button. Everything else — the panel and DuckDB-WASM — is loaded only when
 * it is opened, so the dataset page's own JavaScript stays this small. The island hydrates when
 * the browser is idle: until then the button is disabled, so that an early press is not lost.
 */
export default function SqlConsole({ datasetId, versions, locale, sql }: Props) {
  const t = getT(locale);
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="flex flex-col gap-3">
      <div>
        <button
          type="button"
          className="btn btn-secondary"
          aria-expanded={open}
          disabled={!hydrated}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t('sql:close') : t('sql:open')}
        </button>
      </div>
      {open && (
        <Suspense fallback={<p className="text-sm text-muted">{t('sql:loading')}</p>}>
          <ConsolePanel datasetId={datasetId} versions={versions} locale={locale} sql={sql} />
        </Suspense>
      )}
    </div>
  );
}
