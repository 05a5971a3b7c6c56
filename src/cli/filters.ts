import type { DownloadFormat } from '../contracts/limits.ts';
import { CliError, EXIT } from './client.ts';

/** Download this view: the rows these filters keep (`--filter`), in this order (`--sort`). */
export type PullView = {
  filters?: unknown[];
  sort?: string | undefined;
  order?: 'asc' | 'desc';
};

/** A pull's query: the format, and the view's filters and order when it asks for one. */
export const pullQuery = (o: PullView & { format: DownloadFormat }) => ({
  format: o.format,
  filters: o.filters?.length ? JSON.stringify(o.filters) : undefined,
  sort: o.sort,
  order: o.sort === undefined ? undefined : o.order,
});

/** `--filter`'s operators written between a column and a value, longest first. */
const OPERATORS = [
  ['>=', 'ge'],
  ['<=', 'le'],
  ['!=', 'ne'],
  ['>', 'gt'],
  ['<', 'lt'],
  ['=', 'eq'],
] as const;

/**
 * `sheaf pull --filter …` (repeatable) as the API's filters: `COLUMN OP VALUE` with OP one of
 * `=`, `!=`, `>`, `>=`, `<`, `<=` (the first operator in the text splits it, spaces around it
 * trimmed; the value is sent as text, which the server reads as the column's type), or JSON:
 * one filter object or a list of them (`{"column":"city","op":"in","value":["北京","上海"]}`),
 * for the other ops and for column names holding an operator.
 */
export function parseFilters(given: string[]): unknown[] {
  return given.flatMap((text): unknown[] => {
    const trimmed = text.trim();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(trimmed);
        return Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        throw new CliError(`--filter ${text}: not JSON`, EXIT.usage);
      }
    }
    const at = OPERATORS.map(([sign, op]) => ({ sign, op, index: trimmed.indexOf(sign) }))
      .filter((found) => found.index > 0)
      .sort((a, b) => a.index - b.index || b.sign.length - a.sign.length)[0];
    if (!at) {
      throw new CliError(
        `--filter ${text}: write COLUMN OP VALUE (OP one of = != > >= < <=) or a JSON filter`,
        EXIT.usage,
      );
    }
    const column = trimmed.slice(0, at.index).trim();
    const value = trimmed.slice(at.index + at.sign.length).trim();
    return [{ column, op: at.op, value }];
  });
}
