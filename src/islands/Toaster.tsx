import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Locale } from '../i18n/locales.ts';
import { getT } from '../i18n/index.ts';
import { loginUrl } from '../lib/redirects.ts';
import { $leaving, leaveTo } from '../stores/navigation.ts';
import { $sessionEnded } from '../stores/session-end.ts';
import { $toasts, dismiss, toast as showToast, type Toast } from '../stores/toasts.ts';
import { useHydrated } from './useHydrated.ts';

/** How long a toast stays open unless the pointer or focus is on it. */
const OPEN_MS = { default: 5000, destructive: 8000 } as const;

function ToastCard({ toast, closeLabel }: { toast: Toast; closeLabel: string }) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    // A toast that offers an action waits for the person.
    if (paused || toast.action) return;
    const timer = setTimeout(() => dismiss(toast.id), OPEN_MS[toast.variant]);
    return () => clearTimeout(timer);
  }, [toast.id, toast.variant, toast.action, paused]);

  const destructive = toast.variant === 'destructive';
  return (
    <div
      data-variant={toast.variant}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg ${
        destructive ? 'border-danger bg-danger-50 text-danger' : 'border-line bg-white text-ink'
      }`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className="mt-1 text-sm break-words">{toast.description}</p>}
        {toast.action && (
          <button
            type="button"
            className="btn btn-primary mt-3"
            onClick={() => {
              dismiss(toast.id);
              toast.action?.onClick();
            }}
          >
            {toast.action.label}
          </button>
        )}
      </div>
      <button
        type="button"
        className="-m-1 rounded p-1 leading-none"
        aria-label={closeLabel}
        aria-keyshortcuts="Escape"
        onClick={() => dismiss(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * Escape closes the open toast, wherever focus is (the toast never takes it). It listens on the
 * window, after the page's own Escape handlers on the document: one that closed something else
 * (a menu calls preventDefault) or a modal dialog that is open keeps the toast.
 */
function useEscapeCloses(id: string | undefined): void {
  useEffect(() => {
    if (id === undefined) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('dialog[open]')) return;
      dismiss(id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [id]);
}

/**
 * Says that the session ended by itself (stores/session-end.ts), with a way to sign in again
 * and come back here; a toast with an action stays until it is used or closed.
 */
function announceSessionEnd(locale: Locale): () => void {
  const t = getT(locale);
  return $sessionEnded.subscribe((ended) => {
    if (!ended || $leaving.get()) return;
    const { pathname, search, hash } = window.location;
    showToast({
      title: t('auth:session.ended'),
      description: t('auth:session.endedHint'),
      action: {
        label: t('auth:session.signInAgain'),
        onClick: () => leaveTo(loginUrl(locale, pathname + search + hash)),
      },
    });
  });
}

/**
 * Shows the open toast (one at a time: the store keeps at most one). Default toasts are read
 * politely (role=status), destructive ones at once (role=alert). Both regions are always in the
 * page so that screen readers hear what is put into them. It also says when the session ends
 * without the visitor signing out here.
 */
export default function Toaster({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const toasts = useStore($toasts);
  const current = hydrated ? toasts.find((x) => x.open) : undefined;
  const closeLabel = t('common:toast.close');
  useEffect(() => announceSessionEnd(locale), [locale]);
  useEscapeCloses(current?.id);

  return (
    <div className="pointer-events-none fixed right-4 bottom-4 z-50 flex flex-col items-end gap-2">
      <div role="status" aria-live="polite" aria-atomic="true" className="flex flex-col items-end">
        {current?.variant === 'default' && (
          <ToastCard key={current.id} toast={current} closeLabel={closeLabel} />
        )}
      </div>
      <div
        role="alert"
        aria-live="assertive"
        aria-atomic="true"
        className="flex flex-col items-end"
      >
        {current?.variant === 'destructive' && (
          <ToastCard key={current.id} toast={current} closeLabel={closeLabel} />
        )}
      </div>
    </div>
  );
}
