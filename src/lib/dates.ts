import type { Locale } from '../i18n/locales.ts';
import { dateTimeFormat } from './intl.ts';

/** A calendar date in the reader's language ("2026年11月21日", "November 21, 2026"), read as UTC. */
export const formatDate = (date: Date, locale: Locale): string =>
  dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);

/** The machine-readable form for `<time datetime>`. */
export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);
