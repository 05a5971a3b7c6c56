/**
 * Reading a failed API call for a form: its per-field messages (`details: [{field, message}]` of
 * 400 and 409 answers) and the message above the form, which is the call's own (`failureText`,
 * lib/error-text.ts) unless the details name several fields with codes of their own.
 */
import type { T } from '../i18n/index.ts';
import { isApiError } from './api/errors.ts';
import { codeText, failureText } from './error-text.ts';
import type { Problem, Problems } from '../stores/form.ts';
import { isRecord } from '../contracts/narrowing.ts';

/** One of the server's per-field messages, and whether it came with a code of its own. */
type FieldError = { field: string; text: string; ownCode: boolean };

/**
 * The server's per-field messages, in its order, the first for each field name ('username',
 * 'email', …). A refusal with a code of its own (USERNAME_TAKEN, EMAIL_TAKEN…) is said in the
 * page's language: the field's own code when the server names one (a sign-up whose username and
 * e-mail are both taken), else the refusal's.
 */
function fieldErrors(error: unknown, t: T): FieldError[] {
  const out: FieldError[] = [];
  if (!isApiError(error) || !Array.isArray(error.details)) return out;
  const byCode = error.code === 'VALIDATION_ERROR' ? null : codeText(t, error.code);
  const details: unknown[] = error.details;
  for (const item of details) {
    if (!isRecord(item)) continue;
    const { field, message, code } = item;
    if (typeof field !== 'string' || typeof message !== 'string') continue;
    if (out.some((known) => known.field === field)) continue;
    const own = typeof code === 'string' ? codeText(t, code) : null;
    out.push({ field, text: own ?? byCode ?? message, ownCode: own !== null });
  }
  return out;
}

/**
 * The message above a form for a failed call. When the server names several fields, each with a
 * code of its own (a sign-up whose username and e-mail are both taken), it says each of them, as
 * the page's language runs sentences on, so it names every field it marks; else the call's own
 * message (`failureText`, with its `fallback`).
 */
export function formFailureText(error: unknown, t: T, fallback?: string): string | null {
  const texts = [
    ...new Set(
      fieldErrors(error, t)
        .filter((item) => item.ownCode)
        .map((item) => item.text),
    ),
  ];
  if (texts.length > 1) {
    return texts.reduce((first, second) => t('common:common.sentences', { first, second }));
  }
  return failureText(error, t, fallback);
}

/**
 * The server's per-field messages as a form's problems: `fields` names the form's field for each
 * server field, by its whole name (`column_descriptions.city`) or else its first part (`tags.2`
 * counts as `tags`); the first message for a field wins. `reword` says a message in the page's
 * language when the form knows it (a rule of its own), else the server's words stay.
 */
export function fieldProblems<F extends string>(
  error: unknown,
  t: T,
  fields: Readonly<Record<string, F>>,
  reword: (field: F, message: string) => Problem | null = () => null,
): Problems<F> {
  const out: Problems<F> = {};
  for (const { field: name, text } of fieldErrors(error, t)) {
    const field = Object.hasOwn(fields, name) ? fields[name] : fields[name.split('.')[0] ?? ''];
    if (field && !out[field]) out[field] = reword(field, text) ?? { text };
  }
  return out;
}
