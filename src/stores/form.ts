import { map, type MapStore } from 'nanostores';
import type { RuleError } from '../lib/account-rules.ts';

/** What is wrong with a field: a rule of ours (translated when shown) or the server's words. */
export type Problem = RuleError | { text: string };
export type Problems<F extends string> = Partial<Record<F, Problem>>;

export type FormState<F extends string> = {
  values: Record<F, string>;
  problems: Problems<F>;
  /** The message above the form, or null. */
  failure: string | null;
  submitting: boolean;
};

/** How a submit ended: refused before sending, sent, failed on the server, or already under way. */
export type FormOutcome = 'refused' | 'sent' | 'failed' | 'busy';

export type Form<F extends string> = {
  $form: MapStore<FormState<F>>;
  /** A field's new value; its problem goes. */
  edit: (field: F, value: string) => void;
  submit: () => Promise<FormOutcome>;
};

/**
 * A form's logic without its markup: values, problems by field, the form's message and whether
 * it is being sent. `submit` checks first (nothing is sent while a problem is found), then sends;
 * an answer with values replaces the form's; an error is explained as problems and a message.
 * The island shows the state and moves focus; see docs/pages.md.
 */
export function createForm<F extends string>(options: {
  initial: Record<F, string>;
  check: (values: Record<F, string>) => Problems<F>;
  send: (values: Record<F, string>) => Promise<Record<F, string> | void>;
  explain: (error: unknown) => { problems: Problems<F>; failure: string | null };
  /** The message shown when the check finds problems. */
  fixErrors: string;
}): Form<F> {
  const $form = map<FormState<F>>({
    values: options.initial,
    problems: {},
    failure: null,
    submitting: false,
  });
  const clean = (problems: Problems<F>): Problems<F> =>
    Object.fromEntries(Object.entries(problems).filter(([, p]) => p)) as Problems<F>;
  return {
    $form,
    edit(field, value) {
      const { values, problems } = $form.get();
      $form.set({
        ...$form.get(),
        values: { ...values, [field]: value },
        problems: { ...problems, [field]: undefined },
      });
    },
    async submit() {
      const state = $form.get();
      if (state.submitting) return 'busy';
      const found = clean(options.check(state.values));
      if (Object.keys(found).length > 0) {
        $form.set({ ...state, problems: found, failure: options.fixErrors });
        return 'refused';
      }
      $form.set({ ...state, problems: {}, failure: null, submitting: true });
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
