import { z } from 'zod';

/** Ids are PostgreSQL `integer` columns: 1 … 2^31−1. */
const MAX_ID = 2_147_483_647;

/**
 * An id in a path or a query string — of a dataset, version, favourite, token or user: decimal
 * digits only, without sign, leading zero, exponent or hex prefix (`12`, never `+12`, `012`,
 * `1.2e1` or `0xc`), so each id has one address. `what` names it in the message.
 */
export function positiveId(what: string) {
  const message = `${what} must be a positive integer`;
  return z
    .string()
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .refine((id) => id <= MAX_ID, message);
}
