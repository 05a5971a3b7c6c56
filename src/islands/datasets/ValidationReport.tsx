import type { T } from '../../i18n/index.ts';
import type { TableProblem } from '../../lib/api/types.ts';
import type { CheckState } from './useTableDraft.ts';
import { codeText, hasCodeText } from '../../lib/error-text.ts';

type Props = { check: CheckState; sampledRows: number | null; onCheck: () => void; t: T };

/**
 * What the server's check said: valid, or each problem with its row and column. The status line
 * is a live region, so the outcome is announced.
 */
export function ValidationReport({ check, sampledRows, onCheck, t }: Props) {
  const problems: TableProblem[] = check.kind === 'done' ? check.result.errors : [];
  let status = '';
  let tone = 'text-muted';
  if (check.kind === 'checking') status = t('datasets:validation.checking');
  else if (check.kind === 'failed') {
    status = t('common:common.withDetail', {
      text: t('datasets:validation.failed'),
      detail: check.message,
    });
    tone = 'text-danger';
  } else if (check.kind === 'done' && check.stale) status = t('datasets:validation.stale');
  else if (check.kind === 'done' && check.result.isValid) {
    status =
      sampledRows === null
        ? t('datasets:validation.valid')
        : t('datasets:validation.validSample', { rows: sampledRows });
    tone = 'text-success';
  } else if (check.kind === 'done') {
    status = t('datasets:validation.invalid', { count: problems.length });
    tone = 'text-danger';
  }
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
                <th scope="col" className="px-3 py-2 text-right">
                  {t('datasets:validation.row')}
                </th>
                <th scope="col" className="px-3 py-2 text-left">
                  {t('datasets:validation.column')}
                </th>
                <th scope="col" className="px-3 py-2 text-left">
                  {t('datasets:validation.message')}
                </th>
              </tr>
            </thead>
            <tbody>
              {problems.map((p, i) => (
                <tr key={i} className="border-t border-line">
                  <td className="px-3 py-1.5 text-right">
                    {p.row ?? t('datasets:validation.wholeTable')}
                  </td>
                  <td className="px-3 py-1.5">{p.column ?? t('datasets:validation.allColumns')}</td>
                  {/* Row and column have their own cells: the code's text goes without them. */}
                  <td className="px-3 py-1.5" lang={hasCodeText(p.code) ? undefined : 'en'}>
                    {codeText(t, p.code) ?? p.message}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
