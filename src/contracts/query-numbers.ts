import { z } from 'zod';

/** What a query string may spell a number as: decimal digits, a minus sign at most. */
const DECIMAL = /^-?\d+$/;

/**
 * A number in a query string, checked by `rule`. A query value counts only when written in
 * decimal digits (`12`, `-1`): `1e3`, `0x10`, ` 12`, `+5`, `12.0` or an empty value are refused
 * with `rule`'s own message for a value that is not a number, so each page has one address. A
 * number given by code (the site's pages read through the same schemas) is checked as it is.
 */
export function queryInteger<Rule extends z.ZodType>(rule: Rule) {
  return z.preprocess(
    (value: number | string | undefined) =>
      typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value,
    rule,
  );
}

/** An integer, refused with `{name} must be an integer` when it is not one. */
export const wholeNumber = (name: string) =>
  z.number({ error: `${name} must be an integer` }).int(`${name} must be an integer`);

/** A page size `limit`: 1 … `max`, `fallback` when not given. */
export function pageLimit(max: number, fallback: number) {
  const range = `limit must be between 1 and ${max}`;
  return queryInteger(wholeNumber('limit').min(1, range).max(max, range).default(fallback));
}
