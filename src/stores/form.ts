import { map, type MapStore } from 'nanostores';
import type { RuleError } from '../lib/account-rules.ts';

/** What is wrong with a field: a rule of ours (translated when shown) or the server's words. */
export type Problem = RuleError | { text: string };
export type Problems<F extends string> = Partial<Record<F, Problem>>;

/** The names of a form's values. */
export type FieldOf<V> = keyof V & string;

type FormState<V, F extends string = FieldOf<V>> = {
  values: V;
  problems: Problems<F>;
  /** The message above the form, or null. */
  failure: string | null;
  submitting: boolean;
};

/** How a submit ended: refused before sending, sent, failed on the server, or already under way. */
export type FormOutcome = 'refused' | 'sent' | 'failed' | 'busy';

export type Form<V, F extends string = FieldOf<V>> = {
  $form: MapStore<FormState<V, F>>;
  /** A field's new value; its problem goes. */
  edit: <K extends FieldOf<V>>(field: K, value: V[K]) => void;
  /** Back to the initial values, with no problems and no message. */
  reset: () => void;
  /** A field's problem goes (a field that is not a value: a file, say). */
  clear: (field: F) => void;
  /** Checks without sending: true when nothing is wrong (problems and the message are shown). */
  check: () => boolean;
  submit: () => Promise<FormOutcome>;
};

export type FormOptions<V, F extends string> = {
  initial: V;
  /** Problems found before sending; a field may be one that is not a value (a file, say). */
  check: (values: V) => Problems<NoInfer<F>>;
  /** Sends; an answer with values replaces the form's. */
  send: (values: V) => Promise<V | void>;
  explain: (error: unknown) => { problems: Problems<NoInfer<F>>; failure: string | null };
  /** The message shown when the check finds problems (null: the fields' own say enough). */
  fixErrors: string | null;
};

const clean = <F extends string>(problems: Problems<F>): Problems<F> =>
  Object.fromEntries(Object.entries(problems).filter(([, p]) => p)) as Problems<F>;

/**
 * A form's logic without its markup: values, problems by field, the form's message and whether
 * it is being sent. `submit` checks first (nothing is sent while a problem is found), then sends;
 * an answer with values replaces the form's; an error is explained as problems and a message.
 * The island shows the state and moves focus; see docs/pages.md.
 */
export function createForm<V extends object, F extends string = FieldOf<V>>(
  options: FormOptions<V, F>,
): Form<V, F> {
  const $form = map<FormState<V, F>>({
    values: options.initial,
    problems: {},
    failure: null,
    submitting: false,
  });
  /** The form's message once a problem went: "check the marked fields" goes with the last one. */
  const failureAfter = (failure: string | null, problems: Problems<F>) =>
    failure === options.fixErrors && Object.keys(clean(problems)).length === 0 ? null : failure;
  const check = (): boolean => {
    const state = $form.get();
    const found = clean(options.check(state.values));
    const fine = Object.keys(found).length === 0;
    $form.set({ ...state, problems: found, failure: fine ? null : options.fixErrors });
    return fine;
  };
  return {
    $form,
    check,
    reset() {
      $form.set({ values: options.initial, problems: {}, failure: null, submitting: false });
    },
    clear(field) {
      const state = $form.get();
      const problems = { ...state.problems, [field]: undefined };
      $form.set({ ...state, problems, failure: failureAfter(state.failure, problems) });
    },
    edit(field, value) {
      const state = $form.get();
      const problems = { ...state.problems, [field]: undefined };
      $form.set({
        ...state,
        values: { ...state.values, [field]: value },
        problems,
        failure: failureAfter(state.failure, problems),
      });
    },
    async submit() {
      if ($form.get().submitting) return 'busy';
      if (!check()) return 'refused';
      const state = $form.get();
      $form.set({ ...state, submitting: true });
      try {
        const answer = await options.send(state.values);
        const values = answer ?? $form.get().values;
        $form.set({ values, problems: {}, failure: null, submitting: false });
        return 'sent';
      } catch (error) {
        const { problems, failure } = options.explain(error);
        $form.set({ ...$form.get(), problems: clean(problems), failure, submitting: false });
        return 'failed';
      }
    },
  };
}
