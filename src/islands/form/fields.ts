import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { T } from '../../i18n/index.ts';
import type { FieldOf, Form, FormOutcome, Problem } from '../../stores/form.ts';
import { $leaving } from '../../stores/navigation.ts';
import { toast, toastFailure, type ToastInput } from '../../stores/toasts.ts';
import { useHydrated } from '../useHydrated.ts';
import { focusFirstInvalid, formText } from './Field.tsx';

export type { Problem };

/** The text a field shows for its problem, or null (its limits written as `t` writes numbers). */
export const problemText = (t: T, problem: Problem | undefined): string | null =>
  !problem ? null : 'text' in problem ? problem.text : t(problem.key, problem.vars);

/**
 * A text field's counter: the characters of its trimmed value against its limit ("1,234 / 5,000"),
 * numbers written in the page's locale as `t` writes them.
 */
export const lengthHint = (t: T, value: string, max: number): string =>
  t('common:common.length', { count: [...value.trim()].length, max });

/** The names of a form's text values. */
type TextOf<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * An island's side of a form store (stores/form.ts): its state, `input(field)` for a TextField,
 * `problem(field)` for any other control, and `submit` for onSubmit, which moves focus to the
 * first field with a problem when the form was refused or failed. The store is made once per
 * mount. `uncontrolled` inputs are named, not bound, and read when the form is sent, so what was
 * typed before the island hydrated is kept.
 */
export function useForm<V extends object, F extends string = FieldOf<V>>(
  t: T,
  make: () => Form<V, F>,
  {
    uncontrolled = false,
    sent,
    failed,
  }: {
    uncontrolled?: boolean;
    /** The toast after a send, from the values as answered. */
    sent?: (values: V) => ToastInput;
    /** The title of the toast after a failed send (the form's message says why). */
    failed?: string;
  } = {},
) {
  const [form] = useState(make);
  const state = useStore(form.$form);
  // A guard may mark the page as leaving before this island hydrates (a signed-in visitor on
  // the sign-up page): the first client render must still match the server's, not busy.
  const hydrated = useHydrated();
  const leaving = useStore($leaving) && hydrated;
  const ref = useRef<HTMLFormElement>(null);
  const problem = (field: F) => problemText(t, state.problems[field]);
  const edit = (field: TextOf<V> & F, value: string) => form.edit(field, value as V[TextOf<V> & F]);
  const input = (field: TextOf<V> & F) => ({
    ...(uncontrolled ? { name: field } : { value: state.values[field] as string }),
    error: problem(field),
    onChange: (e: { target: { value: string } }) => edit(field, e.target.value),
  });
  const submit = async (event: FormEvent<HTMLFormElement>): Promise<FormOutcome> => {
    event.preventDefault();
    if (uncontrolled) {
      const data = new FormData(event.currentTarget);
      for (const field of Object.keys(state.values) as (TextOf<V> & F)[]) {
        if (data.has(field)) edit(field, formText(data, field));
      }
    }
    const outcome = await form.submit();
    const now = form.$form.get();
    if (outcome === 'sent' && sent) toast(sent(now.values));
    // A failure told only on its fields (no message for the form) is not told a third time.
    const onFieldsOnly = now.failure === null && Object.keys(now.problems).length > 0;
    if (outcome === 'failed' && failed && !onFieldsOnly) toastFailure(failed, now.failure);
    if (outcome === 'refused' || outcome === 'failed') {
      requestAnimationFrame(() => focusFirstInvalid(ref.current));
    }
    return outcome;
  };
  /** Spread on the <form>: posted by the island, checked by the store. */
  const formProps = {
    ref,
    method: 'post',
    noValidate: true,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
  } as const;
  /** Sending, or gone on to the next page after sending. */
  const busy = state.submitting || leaving;
  return { ...state, busy, form, ref, input, problem, submit, formProps };
}

/** A value as of the last render, for a store's callbacks made once per mount. */
export function useLatest<V>(value: V): { readonly current: V } {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  return latest;
}
