import type { T } from '../../i18n/index.ts';
import type { TableProblem } from '../../lib/api/types.ts';
import type { CheckState } from './useTableDraft.ts';
import { codeText, hasCodeText } from '../../lib/error-text.ts';
import type { Locale } from '../../i18n/locales.ts';
import { numberFormat } from '../../lib/intl.ts';
import { groupProblems, listedProblems } from '../../lib/tables/problems.ts';

type Props = {
  check: CheckState;
  /** A sampled (large) file: its rows, all of which the check reads; null for a table read whole. */
  allRows: number | null;
  onCheck: () => void;
  locale: Locale;
  t: T;
};

/** A count of problems as shown: "100+" when the check stopped listing them. */
export const problemCount = (t: T, count: string | number, capped: boolean) =>
  capped ? t('datasets:validation.atLeast', { count }) : String(count);

/** The headline of a check with problems: how many ("more than 100" when it stopped listing). */
export function problemsFound(t: T, errors: readonly TableProblem[]): string {
  const { problems, capped } = listedProblems(errors);
  return capped
    ? t('datasets:validation.invalidMore', { count: problems.length })
    : t('datasets:validation.invalid', { count: problems.length });
}

/** The status line for a check, and its colour. */
function describeCheck(check: CheckState, allRows: number | null, t: T) {
  if (check.kind === 'checking') return { status: t('datasets:validation.checking'), tone: MUTED };
  if (check.kind === 'failed') {
    const text = t('datasets:validation.failed');
    return { status: t('common:common.withDetail', { text, detail: check.message }), tone: DANGER };
  }
  if (check.kind !== 'done') return { status: '', tone: MUTED };
  if (check.stale) return { status: t('datasets:validation.stale'), tone: MUTED };
  if (!check.result.isValid) {
    return { status: problemsFound(t, check.result.errors), tone: DANGER };
  }
  const status =
    allRows === null
      ? t('datasets:validation.valid')
      : t('datasets:validation.validAll', { rows: allRows });
  return { status, tone: 'text-success' };
}

const MUTED = 'text-muted';
const DANGER = 'text-danger';
/** The problem table's columns: heading key and alignment. */
const HEADINGS = [
  ['column', 'text-left'],
  ['message', 'text-left'],
  // A number's heading never breaks ("行数" split over two lines on a phone).
  ['count', 'text-right whitespace-nowrap'],
  ['rows', 'text-left'],
] as const;

/**
 * What the server's check said: valid, or its problems grouped by column and kind, with how
 * many rows have each and the first of them (src/lib/tables/problems.ts). The status line
 * is a live region, so the outcome is announced.
 */
export function ValidationReport({ check, allRows, onCheck, locale, t }: Props) {
  const number = numberFormat(locale);
  const { problems, capped } = listedProblems(check.kind === 'done' ? check.result.errors : []);
  const { status, tone } = describeCheck(check, allRows, t);
  return (
    <section aria-labelledby="validation-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h3 id="validation-heading" className="font-bold">
          {t('datasets:validation.heading')}
        </h3>
        <button
          type="button"
          className="btn btn-secondary px-3 py-1"
          onClick={onCheck}
          disabled={check.kind === 'checking'}
        >
          {t('datasets:validation.check')}
        </button>
      </div>
      <p role="status" className={`font-medium ${tone}`} data-testid="validation-status">
        {status}
      </p>
      {problems.length > 0 && !(check.kind === 'done' && check.stale) && (
        <div
          className="overflow-x-auto rounded-lg border border-danger"
          role="region"
          aria-labelledby="validation-caption"
          tabIndex={0}
        >
          <table className="min-w-full text-sm">
            <caption
              id="validation-caption"
              className="caption-top px-3 py-2 text-left font-semibold text-danger"
            >
              {t('datasets:validation.caption')}
            </caption>
            <thead className="bg-danger-50">
              <tr>
                {HEADINGS.map(([key, align]) => (
                  <th key={key} scope="col" className={`px-3 py-2 ${align}`}>
                    {t(`datasets:validation.${key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {groupProblems(problems).map((g) => (
                <tr key={`${g.column ?? ''}\u0000${g.code}`} className="border-t border-line">
                  <td className="px-3 py-1.5 break-keep">
                    {g.column ?? t('datasets:validation.allColumns')}
                  </td>
                  {/* Row and column have their own cells: the code's text goes without them. */}
                  <td className="px-3 py-1.5" lang={hasCodeText(g.code) ? undefined : 'en'}>
                    {codeText(t, g.code) ?? g.message}
                  </td>
                  <td className="px-3 py-1.5 text-right">
                    {problemCount(t, number.format(g.count), capped)}
                  </td>
                  <td className="px-3 py-1.5">
                    {g.rows.length === 0
                      ? t('datasets:validation.wholeTable')
                      : g.rows
                          .map((r) => number.format(r))
                          .join(t('datasets:validation.rowSeparator')) +
                        (g.count > g.rows.length ? t('datasets:validation.moreRows') : '')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {capped && (
            <p className="border-t border-line px-3 py-2 text-danger" data-testid="more-problems">
              {codeText(t, 'TOO_MANY_ERRORS')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
