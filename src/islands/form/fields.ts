import { useState } from 'react';
import type { T } from '../../i18n/index.ts';
import type { RuleError } from '../../lib/account-rules.ts';

/** What is wrong with a field: a rule of ours (translated when shown) or the server's words. */
export type Problem = RuleError | { text: string };

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
 * Controlled text fields and their problems: `input(field)` gives a TextField its value, the
 * problem's text and an onChange that keeps the value and clears the problem.
 */
export function useFields<F extends string>(t: T, initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const { problems, setProblems, clear } = useProblems<F>();
  const input = (field: F) => ({
    value: values[field],
    error: problemText(t, problems[field]),
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [field]: e.target.value }));
      clear(field);
    },
  });
  return { values, setValues, setProblems, input };
}
