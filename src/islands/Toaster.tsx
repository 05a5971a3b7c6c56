import type { Locale } from '../i18n/locales.ts';

/** Placeholder for the toast region. */
export default function Toaster(_props: { locale: Locale }) {
  return <div role="status" aria-live="polite" className="sr-only" />;
}
