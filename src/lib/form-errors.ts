/**
 * Reading a failed API call for a form: its per-field messages (`details: [{field, message}]` of
 * 400 and 409 answers). The call's own message is `failureText` (lib/error-text.ts).
 */
import type { T } from '../i18n/index.ts';
import { isApiError } from './api/errors.ts';
import { codeText } from './error-text.ts';
import type { Problems } from '../stores/form.ts';

/**
 * The server's per-field messages, by field name ('username', 'email', …); first one wins. A
 * refusal with a code of its own (USERNAME_TAKEN, EMAIL_TAKEN…) is said in the page's language:
 * the field's own code when the server names one (a sign-up whose username and e-mail are both
 * taken), else the refusal's.
 */
function fieldErrors(error: unknown, t: T): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isApiError(error) || !Array.isArray(error.details)) return out;
  const byCode = error.code === 'VALIDATION_ERROR' ? null : codeText(t, error.code);
  for (const item of error.details as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { field, message, code } = item as { field?: unknown; message?: unknown; code?: unknown };
    if (typeof field === 'string' && typeof message === 'string' && !(field in out)) {
      out[field] = (typeof code === 'string' ? codeText(t, code) : byCode) ?? message;
    }
  }
  return out;
}

/**
 * The server's per-field messages as a form's problems: `fields` names the form's field for each
 * server field (`tags.2` counts as `tags`); the first message for a field wins.
 */
export function fieldProblems<F extends string>(
  error: unknown,
  t: T,
  fields: Readonly<Record<string, F>>,
): Problems<F> {
  const out: Problems<F> = {};
  for (const [name, message] of Object.entries(fieldErrors(error, t))) {
    const field = fields[name.split('.')[0] ?? ''];
    if (field && !out[field]) out[field] = { text: message };
  }
  return out;
}
