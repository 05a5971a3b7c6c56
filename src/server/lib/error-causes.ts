/**
 * An error and the errors it was caused by (drizzle wraps the driver's; fetch and openid-client
 * wrap theirs), outermost first, at most five deep.
 */

import { isRecord } from '../../contracts/narrowing.ts';
export function* causesOf(error: unknown): Generator<Record<string, unknown>> {
  for (let e = error, depth = 0; isRecord(e) && depth < 5; depth++) {
    yield e;
    e = e['cause'];
  }
}

/** The first of an error's causes (the error itself included) whose `code` is one of `codes`. */
export function causeWithCode(
  error: unknown,
  ...codes: string[]
): Record<string, unknown> | undefined {
  for (const e of causesOf(error)) {
    if (typeof e['code'] === 'string' && codes.includes(e['code'])) return e;
  }
  return undefined;
}
