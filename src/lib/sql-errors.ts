import type { MessageKey, T } from '../i18n/index.ts';

/**
 * A DuckDB error as the SQL console shows it: a sentence in the page's language, and the part
 * that is code (the statement with a caret under the fault, candidate functions) kept as DuckDB
 * wrote it, to be shown in a monospaced block so the caret still points at the fault.
 */
export type SqlFailure = { summary: string; code: string | null };

/** DuckDB's error classes ("Parser Error: …") that the console names in the page's language. */
const KINDS: Record<string, MessageKey> = {
  Parser: 'sql:error.kind.parser',
  Binder: 'sql:error.kind.binder',
  Catalog: 'sql:error.kind.catalog',
  Conversion: 'sql:error.kind.conversion',
  'Out of Range': 'sql:error.kind.outOfRange',
  'Out of Memory': 'sql:error.kind.outOfMemory',
  'Invalid Input': 'sql:error.kind.invalidInput',
  Interrupt: 'sql:error.kind.interrupted',
};

/**
 * DuckDB's candidate bindings (`"t.loans", "t.loan_id"`): its closest matches to a column not
 * found, not every column there; named without their table and quotes ("loans, loan_id").
 */
const candidateNames = (names: string) =>
  names
    .split(/,\s*/)
    .map((name) => name.replace(/^"(.*)"$/, '$1').replace(/^.*\./, ''))
    .join(', ');

/**
 * DuckDB's common sentences, each with the message that says it and the names it carries (with
 * how to show them, when not as written).
 */
const SENTENCES: [RegExp, MessageKey, string[], ((value: string) => string)?][] = [
  [/^syntax error at or near "(.*)"$/, 'sql:error.syntaxNear', ['token']],
  [/^syntax error at end of input$/, 'sql:error.syntaxEnd', []],
  [/^Referenced column "(.*)" not found in FROM clause!$/, 'sql:error.columnNotFound', ['name']],
  [
    /^Column "(.*)" does not exist on (?:left|right) side of join!$/,
    'sql:error.joinColumn',
    ['name'],
  ],
  [/^Candidate bindings: (.*)$/, 'sql:error.candidates', ['names'], candidateNames],
  [/^Table with name (.*) does not exist!$/, 'sql:error.tableNotFound', ['name']],
  [/^(?:\w+ )?Function with name (.*) does not exist!$/, 'sql:error.functionNotFound', ['name']],
  [/^Did you mean "(.*)"\?$/, 'sql:error.didYouMean', ['name']],
  [/^Could not convert string '(.*)' to (\w+)/, 'sql:error.cannotConvert', ['value', 'type']],
  [
    /^column "(.*)" must appear in the GROUP BY clause or must be part of an aggregate function\.$/,
    'sql:error.notGrouped',
    ['name'],
  ],
  [/^Either add it to the GROUP BY list, or use "(.*)" if/, 'sql:error.notGroupedHint', ['call']],
  [/^Ambiguous reference to column name "(.*?)"/, 'sql:error.ambiguous', ['name']],
  [/^Overflow in \w+ of \w+ \((.*)\)!$/, 'sql:error.overflow', ['expression']],
  [
    /^No function matches the given name and argument types '(.*)'\./,
    'sql:error.noMatchingFunction',
    ['call'],
  ],
  [
    /^Could not choose a best candidate function for the function call "(.*)"\./,
    'sql:error.noMatchingFunction',
    ['call'],
  ],
];

/** One line of DuckDB's explanation in the page's language, or as written when not known. */
function sentence(t: T, line: string): string {
  for (const [pattern, key, names, shown = (value: string) => value] of SENTENCES) {
    const match = pattern.exec(line);
    if (match) {
      return t(key, Object.fromEntries(names.map((n, i) => [n, shown(match[i + 1] ?? '')])));
    }
  }
  return line;
}

/**
 * Why a query failed, in the page's language where DuckDB's words are known (its class and
 * common sentences), DuckDB's own words otherwise.
 */
export function sqlFailure(t: T, message: string): SqlFailure {
  const lines = message.split('\n');
  // The statement with its caret starts at "LINE n:"; DuckDB lists candidate functions indented.
  const at = lines.findIndex((l) => /^LINE \d+:/.test(l));
  const head = at === -1 ? lines : lines.slice(0, at);
  const prose = head.filter((l) => !l.startsWith('\t') && l.trim() !== '');
  const code = [...head.filter((l) => l.startsWith('\t')), ...(at === -1 ? [] : lines.slice(at))]
    .join('\n')
    .trimEnd();
  const classed = /^([A-Z][A-Za-z ]*?) Error: (.*)$/.exec(prose[0] ?? '');
  const kind = classed ? KINDS[classed[1]!] : undefined;
  if (classed) prose[0] = classed[2]!;
  const explained = prose.map((l) => sentence(t, l)).join(t('sql:error.join'));
  return {
    summary: t('common:common.withDetail', {
      text: kind ? t('sql:failedKind', { kind: t(kind) }) : t('sql:failed'),
      detail: classed && !kind ? `${classed[1]} Error: ${explained}` : explained,
    }),
    code: code === '' ? null : code,
  };
}

/**
 * Where in `sql` a failure's caret points (`LINE n: <the line, perhaps cut with ...>` and a line
 * with `^` under the fault), as an offset; null when the code shows no caret or the line shown
 * is not found in `sql`.
 */
export function errorOffset(sql: string, code: string | null): number | null {
  const caret = /^(LINE (\d+): )(.*)\n( *)\^/m.exec(code ?? '');
  if (!caret) return null;
  const lines = sql.split('\n');
  const number = Number(caret[2]);
  const line = lines[number - 1];
  if (line === undefined) return null;
  const shown = caret[3]!;
  const cut = shown.startsWith('...') ? 3 : 0;
  const start = line.indexOf(shown.slice(cut).replace(/\.\.\.$/, ''));
  if (start < 0) return null;
  const column = start + caret[4]!.length - caret[1]!.length - cut;
  const before = lines.slice(0, number - 1).reduce((n, l) => n + l.length + 1, 0);
  return before + Math.max(0, Math.min(column, line.length));
}
