/**
 * Reading a failed API call for a form: the server's own message (when the server answered with
 * one) and its per-field messages (`details: [{field, message}]` of 400 and 409 answers).
 */
import { isApiError } from './api/errors.ts';

/** Codes the browser gives errors it makes itself; their messages are not the server's. */
const CLIENT_CODES = new Set([
  'HTTP_ERROR',
  'TIMEOUT',
  'NETWORK_ERROR',
  'INVALID_JSON',
  'TOKEN_REFRESH_FAILED',
  'NO_TOKEN',
  'REFRESH_FAILED',
  'NO_ACCESS_TOKEN',
  'UNKNOWN_ERROR',
]);

/** The server's message for a failed call, or null when the server said nothing usable. */
export function serverMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status === 0 || CLIENT_CODES.has(error.code)) return null;
  return error.message || null;
}

/** The server's per-field messages, by field name ('username', 'email', …); first one wins. */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isApiError(error) || !Array.isArray(error.details)) return out;
  for (const item of error.details as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { field, message } = item as { field?: unknown; message?: unknown };
    if (typeof field === 'string' && typeof message === 'string' && !(field in out)) {
      out[field] = message;
    }
  }
  return out;
}
