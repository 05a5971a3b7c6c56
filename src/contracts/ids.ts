import { z } from 'zod';

/** Ids are PostgreSQL `integer` columns: 1 … 2^31−1. */
const MAX_ID = 2_147_483_647;

/** How an id is spelled: decimal digits, no sign, leading zero, exponent or hex prefix. */
const ID_DIGITS = /^[1-9]\d{0,9}$/;

/**
 * An id in a path or a query string — of a dataset, version, favourite, token or user: decimal
 * digits only, without sign, leading zero, exponent or hex prefix (`12`, never `+12`, `012`,
 * `1.2e1` or `0xc`), so each id has one address. `what` names it in the message. The OpenAPI
 * document describes it as what it is, an integer from 1 to 2^31−1 (a generated client's
 * `id: number`).
 */
export function positiveId(what: string) {
  const message = `${what} must be a positive integer`;
  return z.preprocess(
    (value: unknown) =>
      typeof value === 'string' && ID_DIGITS.test(value) ? Number(value) : value,
    z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message),
  );
}
