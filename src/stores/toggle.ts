/**
 * A toggle the caller sets on something (favourite a dataset, watch it, follow a user) as a
 * store: its state, read once shown (`start`; unknown until then, and after a failed read), one
 * change at a time (a double click sends one request; `pending` meanwhile), a status line saying
 * what the last change did, and a toast when it failed.
 */
import { map, type MapStore } from 'nanostores';
import type { T } from '../i18n/index.ts';
import { failureText } from '../lib/error-text.ts';
import { toastFailure } from './toasts.ts';

type ToggleState<S> = {
  /** The state as the server last said; null until known. */
  status: S | null;
  pending: boolean;
  /** What the last change did, in words; '' for nothing. */
  message: string;
};

export type Toggle<S> = {
  $toggle: MapStore<ToggleState<S>>;
  /** Reads the state (unless known already). */
  start: () => Promise<void>;
  /** Changes the state; nothing while a change runs or before the state is known. */
  toggle: () => Promise<void>;
  /** Drops a read still under way (the control leaving the page). */
  cancel: () => void;
};

export type ToggleOptions<S> = {
  /** The state when known already (no read then). */
  known?: S | undefined;
  check: () => Promise<S>;
  /** Asks the server to change the state shown; answers the new one. */
  change: (status: S) => Promise<S>;
  /** What a change did, in words. */
  said: (next: S) => string;
  /** What failed, the toast's title. */
  failed: string;
  t: T;
};

export function createToggle<S>(options: ToggleOptions<S>): Toggle<S> {
  const { t } = options;
  const $toggle = map<ToggleState<S>>({
    status: options.known ?? null,
    pending: false,
    message: '',
  });
  let reading = 0;

  return {
    $toggle,
    async start() {
      if (options.known !== undefined) return;
      const read = ++reading;
      try {
        const status = await options.check();
        if (read === reading) $toggle.setKey('status', status);
      } catch {
        // Unknown stays unknown: the control stays disabled.
      }
    },
    async toggle() {
      const { status, pending } = $toggle.get();
      if (status === null || pending) return;
      $toggle.set({ status, pending: true, message: '' });
      try {
        const next = await options.change(status);
        $toggle.set({ status: next, pending: false, message: options.said(next) });
      } catch (error) {
        $toggle.setKey('pending', false);
        toastFailure(options.failed, failureText(error, t));
      }
    },
    cancel: () => {
      reading++;
    },
  };
}
