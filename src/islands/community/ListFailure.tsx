import type { T } from '../../i18n/index.ts';

/** A list that did not load: what went wrong (announced) and a retry button. */
export function ListFailure({ text, retry, t }: { text: string; retry: () => void; t: T }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg bg-danger-50 p-3 text-danger"
    >
      <span>
        {t('community:list.failed')}
        {text && `: ${text}`}
      </span>
      <button type="button" className="btn btn-secondary" onClick={retry}>
        {t('community:list.retry')}
      </button>
    </div>
  );
}
