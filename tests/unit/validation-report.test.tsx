// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getT } from '../../src/i18n/index.ts';
import type { TableProblem } from '../../src/lib/api/types.ts';
import type { TableDraft } from '../../src/lib/tables/draft.ts';
import { ColumnTypes } from '../../src/islands/datasets/ColumnTypes.tsx';
import { ValidationReport } from '../../src/islands/datasets/ValidationReport.tsx';

/** 130 rows whose 名称 is not an integer: the server lists the first 100, then a note. */
const errors: TableProblem[] = [
  ...Array.from({ length: 100 }, (_, i) => ({
    row: i + 1,
    column: '名称',
    code: 'INVALID_INTEGER' as const,
    message: `Row ${i + 1}, column "名称": not an integer`,
  })),
  { row: null, column: null, code: 'TOO_MANY_ERRORS', message: '30 more errors not shown' },
];

const draft: TableDraft = {
  source: { kind: 'csv', name: 'good.csv', size: 2048 },
  attributes: ['id', '名称'],
  types: ['integer', 'integer'],
  entries: Array.from({ length: 130 }, (_, i) => [i + 1, `项目${i}`]),
  sampled: null,
  totalRows: 130,
};

const text = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
};

describe.each([
  ['zh-CN', '发现超过 100 个问题，请修正后再发布。', '还有更多错误未列出。'],
  [
    'en-US',
    'Problems found: more than 100. Fix them before publishing.',
    'More problems were found than are listed.',
  ],
] as const)('%s: a check that stopped at 100 problems', (locale, headline, note) => {
  const t = getT(locale);

  it('says "more than 100" in the headline, "100+" in the table, and the note is not a problem', () => {
    const report = text(
      renderToStaticMarkup(
        <ValidationReport
          check={{ kind: 'done', result: { isValid: false, errors }, stale: false }}
          allRows={null}
          onCheck={() => {}}
          locale={locale}
          t={t}
        />,
      ),
    );
    expect(report.querySelector('[data-testid="validation-status"]')?.textContent).toBe(headline);
    const rows = [...report.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[0]).toBe('名称');
    expect(rows[0]?.[2]).toBe('100+');
    expect(report.querySelector('[data-testid="more-problems"]')?.textContent).toBe(note);
  });

  it('gives the column "100+" problems, and none to the others', () => {
    const columns = text(
      renderToStaticMarkup(
        <ColumnTypes draft={draft} types={draft.types} problems={errors} onType={() => {}} t={t} />,
      ),
    );
    const counts = [...columns.querySelectorAll('tbody')][0]!.querySelectorAll('tr td:last-child');
    expect([...counts].map((td) => td.textContent)).toEqual(['0', '100+']);
  });
});

it('counts every problem of a check that listed them all', () => {
  const t = getT('en-US');
  const some = errors.slice(0, 3);
  const report = text(
    renderToStaticMarkup(
      <ValidationReport
        check={{ kind: 'done', result: { isValid: false, errors: some }, stale: false }}
        allRows={null}
        onCheck={() => {}}
        locale="en-US"
        t={t}
      />,
    ),
  );
  expect(report.querySelector('[data-testid="validation-status"]')?.textContent).toBe(
    'Problems found: 3. Fix them before publishing.',
  );
  expect(report.querySelector('tbody td:nth-child(3)')?.textContent).toBe('3');
  expect(report.querySelector('[data-testid="more-problems"]')).toBeNull();
});

it.each([
  ['zh-CN', '全部 1,985,646 行数据有效，可以发布。'],
  ['en-US', 'All 1,985,646 rows are valid and ready to publish.'],
] as const)('%s: a clean check of a large file says every row was checked', (locale, status) => {
  const report = text(
    renderToStaticMarkup(
      <ValidationReport
        check={{ kind: 'done', result: { isValid: true, errors: [] }, stale: false }}
        allRows={1_985_646}
        onCheck={() => {}}
        locale={locale}
        t={getT(locale)}
      />,
    ),
  );
  expect(report.querySelector('[data-testid="validation-status"]')?.textContent).toBe(status);
});
