import type { T } from '../../i18n/index.ts';
import { failureText } from '../../lib/error-text.ts';
import type { LoaderState } from '../../stores/loader.ts';

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

type Loading = Pick<LoaderState<unknown, unknown>, 'status' | 'error'>;

/** Why the last page failed, in words (empty without any), or null when it did not fail. */
export const pageFailure = ({ status, error }: Loading, t: T): string | null =>
  status === 'failed' ? (failureText(error, t) ?? '') : null;

/**
 * A list before its first page: "loading", or why it did not load with a retry. Null once the
 * first page is in (`data`), so the island shows the list.
 */
export function ListStart({
  state,
  retry,
  t,
}: {
  state: Loading & { data: unknown };
  retry: () => void;
  t: T;
}) {
  if (state.data) return null;
  const failure = pageFailure(state, t);
  return failure === null ? (
    <p role="status" className="text-muted">
      {t('common:common.loading')}
    </p>
  ) : (
    <ListFailure text={failure} retry={retry} t={t} />
  );
}

/**
 * The end of a list loaded a page at a time: why the last page failed, with a retry, or else
 * "load more" while there is more (`more` null: all is shown), inert while a page loads.
 */
export function ListEnd({
  state,
  retry,
  more,
  t,
}: {
  state: Loading;
  retry: () => void;
  more: (() => void) | null;
  t: T;
}) {
  const failure = pageFailure(state, t);
  if (failure !== null) return <ListFailure text={failure} retry={retry} t={t} />;
  if (!more) return null;
  const loading = state.status === 'loading';
  return (
    <div>
      <button
        type="button"
        className="btn btn-secondary"
        aria-disabled={loading || undefined}
        onClick={() => {
          if (!loading) more();
        }}
      >
        {t('community:list.more')}
      </button>
    </div>
  );
}
