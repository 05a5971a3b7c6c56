/**
 * Type guards for values read at a boundary (a query string, a parsed file, a caught error), so
 * that code narrows a value by checking it rather than by asserting its type.
 */

/** Whether `value` is one of `list` (a const list of names: formats, sorts, licenses, …). */
export const isOneOf = <T>(list: readonly T[], value: unknown): value is T =>
  list.some((item) => item === value);

/** Whether `value` is a plain JSON-like object: not null, not a list. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a caught value says: an error's message, or the value as text. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** A caught error's `code` (Node's `ENOENT`, `EPERM`, …), if it has one. */
export const errorCode = (error: unknown): string | undefined =>
  isRecord(error) && typeof error['code'] === 'string' ? error['code'] : undefined;
