import { useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { T } from '../../i18n/index.ts';
import type { Form, FormOutcome, Problem } from '../../stores/form.ts';
import { focusFirstInvalid } from './Field.tsx';

export type { Problem };

/** The text a field shows for its problem, or null. */
export const problemText = (t: T, problem: Problem | undefined): string | null =>
  !problem ? null : 'text' in problem ? problem.text : t(problem.key, problem.vars);

/** Each field's problem; editing a field clears its own. */
export function useProblems<F extends string>() {
  const [problems, setProblems] = useState<Partial<Record<F, Problem>>>({});
  const clear = (field: F) => setProblems((p) => ({ ...p, [field]: undefined }));
  return { problems, setProblems, clear };
}

/**
 * An island's side of a form store (stores/form.ts): its state, `input(field)` for a TextField,
 * and `submit` for onSubmit, which moves focus to the first field with a problem when the form
 * was refused or failed. The store is made once per mount.
 */
export function useForm<F extends string>(t: T, make: () => Form<F>) {
  const [form] = useState(make);
  const state = useStore(form.$form);
  const ref = useRef<HTMLFormElement>(null);
  const input = (field: F) => ({
    value: state.values[field],
    error: problemText(t, state.problems[field]),
    onChange: (e: { target: { value: string } }) => form.edit(field, e.target.value),
  });
  const submit = async (event: FormEvent<HTMLFormElement>): Promise<FormOutcome> => {
    event.preventDefault();
    const outcome = await form.submit();
    if (outcome === 'refused' || outcome === 'failed') {
      requestAnimationFrame(() => focusFirstInvalid(ref.current));
    }
    return outcome;
  };
  return { ...state, form, ref, input, submit };
}
