import { serverMessage } from '../../lib/form-errors.ts';

/** What to show of a failed call: the server's message, else the client's (network, timeout…). */
export function failureText(error: unknown): string | null {
  return serverMessage(error) ?? (error instanceof Error && error.message ? error.message : null);
}
