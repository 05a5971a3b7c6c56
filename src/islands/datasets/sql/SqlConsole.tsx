import { lazy, Suspense, useState } from 'react';
import { getT, loadAreas } from '../../../i18n/index.ts';
import { useHydrated } from '../../useHydrated.ts';
import type { ConsoleProps } from './ConsolePanel.tsx';

// Its texts are not in every page's dictionary chunk (src/i18n/areas.ts).
await loadAreas(['sql']);

const ConsolePanel = lazy(() => import('./ConsolePanel.tsx'));

/**
 * The SQL console's button. Everything else — the panel, the editor, the charts and DuckDB-WASM
 * — is loaded only when it is opened, so the dataset page's own JavaScript stays this small. The
 * island hydrates when the browser is idle: until then the button is disabled, so that an early
 * press is not lost. A shared link (a statement or a saved query) opens it at once.
 */
export default function SqlConsole(props: ConsoleProps) {
  const t = getT(props.locale);
  const hydrated = useHydrated();
  // Read once hydrated, from the address the page was opened at (the server renders it closed).
  const linked = hydrated && /[?&](sql|query)=/.test(location.search);
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = toggled ?? linked;
  return (
    <div className="flex flex-col gap-3">
      <div>
        <button
          type="button"
          className="btn btn-secondary"
          aria-expanded={open}
          disabled={!hydrated}
          onClick={() => setToggled(!open)}
        >
          {open ? t('sql:close') : t('sql:open')}
        </button>
      </div>
      {open && (
        <Suspense fallback={<p className="text-sm text-muted">{t('sql:loading')}</p>}>
          <ConsolePanel {...props} />
        </Suspense>
      )}
    </div>
  );
}
