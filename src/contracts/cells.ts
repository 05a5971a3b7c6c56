/** A table's cell on the wire: text, a number, a boolean, null, or a 64-bit integer past 2^53. */
import { z } from 'zod';
import { type BigInteger, isBigInteger } from '../lib/big-integer.ts';

/**
 * An integer past ±(2^53−1) in a 64-bit column: the server holds it as `JSON.rawJSON` of its
 * digits, so it is sent as an exact JSON integer (a client may need a big-number parser to keep
 * every digit).
 */
export const bigIntegerSchema = z
  .custom<BigInteger>(isBigInteger)
  .meta({ type: 'integer', format: 'int64' });

export const cellSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  bigIntegerSchema,
]);
