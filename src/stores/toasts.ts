/**
 * Toasts: `$toasts` (newest first, at most TOAST_LIMIT = 1: a new toast replaces the current
 * one), `toast({title, description?, variant?, action?})` → id, `dismiss(id?)` (closes one or
 * all; a closed toast stays for its exit animation and is removed TOAST_REMOVE_DELAY_MS later).
 * How long an open toast stays on screen is the Toaster island's business: it calls dismiss.
 */
import { atom } from 'nanostores';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '../lib/constants.ts';

export type ToastVariant = 'default' | 'destructive';

/** A button in the toast (e.g. "Reload"); a toast with one stays open until dismissed. */
export type ToastAction = { label: string; onClick: () => void };

export type Toast = {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
  action?: ToastAction;
};

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
};

export const $toasts = atom<Toast[]>([]);

let counter = 0;
const removals = new Map<string, ReturnType<typeof setTimeout>>();

function remove(id: string): void {
  const timer = removals.get(id);
  if (timer !== undefined) clearTimeout(timer);
  removals.delete(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

function scheduleRemoval(id: string): void {
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => remove(id), TOAST_REMOVE_DELAY_MS),
  );
}

/** A toast saying what failed (`title`) and, when known, why. */
export const toastFailure = (title: string, why: string | null | undefined): string =>
  toast({ title, variant: 'destructive', ...(why && { description: why }) });

/** Shows a toast, replacing the current one; returns its id. */
export function toast({ title, description, variant = 'default', action }: ToastInput): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const next: Toast = {
    id,
    title,
    variant,
    open: true,
    ...(description && { description }),
    ...(action && { action }),
  };
  const kept = [next, ...$toasts.get()].slice(0, TOAST_LIMIT);
  for (const dropped of $toasts.get()) {
    if (!kept.includes(dropped)) {
      const timer = removals.get(dropped.id);
      if (timer !== undefined) clearTimeout(timer);
      removals.delete(dropped.id);
    }
  }
  $toasts.set(kept);
  return id;
}

/** Closes one toast (or all without an id); it is removed after TOAST_REMOVE_DELAY_MS. */
export function dismiss(id?: string): void {
  $toasts.set(
    $toasts.get().map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)),
  );
  for (const t of $toasts.get()) if (id === undefined || t.id === id) scheduleRemoval(t.id);
}
