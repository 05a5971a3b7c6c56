import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';

type Common = {
  id: string;
  label: string;
  /** Shown under the input and read with it. */
  hint?: ReactNode;
  /** Shown under the input, read with it, and marks the input invalid. */
  error?: string | null | undefined;
};

const describedBy = (id: string, hint: unknown, error: unknown) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

function Notes({ id, hint, error }: Pick<Common, 'id' | 'hint' | 'error'>) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled input with its hint and error tied to it (aria-describedby, aria-invalid). */
export function TextField({
  id,
  label,
  hint,
  error,
  inputRef,
  ...input
}: Common & { inputRef?: Ref<HTMLInputElement> } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'id'
  >) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={id}
        ref={inputRef}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled textarea, like TextField. */
export function TextArea({
  id,
  label,
  hint,
  error,
  ...area
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea
        id={id}
        name={id}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...area}
      />
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled select (not named: the island reads its value). */
export function SelectField({
  id,
  label,
  ...select
}: { id: string; label: string } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} className="field-input" {...select} />
    </div>
  );
}

/** The form-level message: announced when it appears (role=alert). */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <div role="alert" className={message ? 'rounded-lg bg-danger-50 p-3 text-danger' : undefined}>
      {message}
    </div>
  );
}

/** Focuses the first invalid control of a form (after a failed submit). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** A text field's value from a submitted form ('' when absent). */
export function formText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * A form's submit button, saying `busyLabel` while the form is busy. Busy, it stays focusable
 * (aria-disabled) and ignores presses, Enter in a field included: a disabled button would drop
 * keyboard focus to the page, and it would not come back when the answer is a refusal.
 */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  disabled = false,
  describedBy,
  danger = false,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  /** Disabled though not busy (say, before the island hydrated). */
  disabled?: boolean;
  /** The id of the text saying why it is disabled. */
  describedBy?: string | undefined;
  danger?: boolean;
}) {
  return (
    <button
      type="submit"
      className={danger ? 'btn btn-danger' : 'btn btn-primary'}
      disabled={disabled}
      aria-describedby={describedBy}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        // Cancelling the click cancels the submission it would start.
        if (busy) event.preventDefault();
      }}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
