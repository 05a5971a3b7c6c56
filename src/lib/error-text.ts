/**
 * What the interface says about a failure, in the page's language: every API error `code` has
 * an entry in the `errors` dictionaries (a unit test checks the server's codes against them),
 * with the wait of a rate limit and the number a cap allows (`details.limit`) filled in (a table
 * problem's row and column have cells of their own in the validation report). The server's
 * English `message` is only the fallback for a code the dictionaries lack.
 */
import { hasMessage, type MessageKey, type T } from '../i18n/index.ts';
import { CLIENT_ERROR_CODES, isApiError } from './api/errors.ts';
import { isRecord } from '../contracts/narrowing.ts';

/** Whether the dictionaries have a text for this code. */
export const hasCodeText = (code: string): boolean => hasMessage(`errors:${code}`);

/** A code's text with its variables, or null when the dictionaries have none. */
export function codeText(t: T, code: string, vars: Record<string, string | number> = {}) {
  if (!hasCodeText(code)) return null;
  return t(`errors:${code}` as MessageKey, vars);
}

const numberOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

const CLIENT_CODES: ReadonlySet<string> = new Set(CLIENT_ERROR_CODES);

/**
 * What to show of a failed call: the code's text in the page's language; else the server's
 * message; else the message of any other error; null when there is nothing to say. With
 * `fallback` (the default login and register failure texts), a failure the server did
 * not name shows the fallback instead.
 */
export function failureText(error: unknown, t: T, fallback?: string): string | null {
  if (
    fallback !== undefined &&
    (!isApiError(error) || error.status === 0 || CLIENT_CODES.has(error.code))
  ) {
    return fallback;
  }
  if (isApiError(error)) {
    const details = isRecord(error.details) ? error.details : {};
    const seconds = numberOf(details['retryAfter']) ?? numberOf(details['retry_after']) ?? 1;
    const limit = numberOf(details['limit']) ?? '';
    // Any other plain detail (a compare's key and pair count) may fill its text too.
    const named = Object.fromEntries(
      Object.entries(details).filter(
        (e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number',
      ),
    );
    const text = codeText(t, error.code, {
      ...named,
      seconds,
      limit,
      status: String(error.status),
    });
    return text ?? (error.message || null);
  }
  return error instanceof Error && error.message ? error.message : null;
}
