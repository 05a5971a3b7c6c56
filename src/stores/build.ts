/**
 * Build freshness (docs/site-runtime.md): every build has an id (PUBLIC_BUILD_ID, made by astro.config.mjs
 * and baked into the bundles and into /build.json). Pages with islands fetch /build.json every
 * BUILD_CHECK_INTERVAL_MS (1 hour); when its id differs from the page's, `$newerBuild` holds it
 * and a toast offers a reload, once per new id.
 */
import { atom } from 'nanostores';
import { getT } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import { BUILD_ID } from '../lib/build-id.ts';
import { BUILD_CHECK_INTERVAL_MS } from '../lib/constants.ts';
import { $toasts, toast } from './toasts.ts';

/** The id of a newer build on the server, once one is seen. */
export const $newerBuild = atom<string | null>(null);

/** The build id the server has now, or null when it cannot be read (offline, error). */
export async function fetchBuildId(): Promise<string | null> {
  try {
    // Revalidate, never a cached copy: the file answers with an ETag.
    const response = await fetch('/build.json', { cache: 'no-cache' });
    if (!response.ok) return null;
    const body = (await response.json()) as { build_id?: unknown };
    return typeof body.build_id === 'string' ? body.build_id : null;
  } catch {
    return null;
  }
}

export type BuildCheckOptions = {
  currentId: string;
  fetchBuildId: () => Promise<string | null>;
  /** Called once for each new build id seen. */
  onNewBuild: (id: string) => void;
  intervalMs?: number;
};

/** Checks for a newer build every interval; returns a function that stops checking. */
export function startBuildCheck({
  currentId,
  fetchBuildId: fetchId,
  onNewBuild,
  intervalMs = BUILD_CHECK_INTERVAL_MS,
}: BuildCheckOptions): () => void {
  let announced = currentId;
  let checking = false;
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      const id = await fetchId();
      if (id !== null && id !== announced) {
        announced = id;
        $newerBuild.set(id);
        onNewBuild(id);
      }
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), intervalMs);
  return () => clearInterval(timer);
}

let withdrawOffer: (() => void) | undefined;

/**
 * Offers a reload when a newer build is deployed (toast in the page's language). Another toast
 * may take its place (one at a time): the offer then comes back as soon as no toast is open,
 * until the visitor uses it or closes it.
 */
export function offerReload(locale: Locale): void {
  const t = getT(locale);
  const show = () =>
    toast({
      title: t('site:update.title'),
      description: t('site:update.description'),
      action: { label: t('site:update.reload'), onClick: () => window.location.reload() },
    });
  withdrawOffer?.();
  let id = show();
  const unlisten = $toasts.listen((toasts) => {
    const offer = toasts.find((x) => x.id === id);
    if (offer) {
      // Closed (or used): the visitor has seen it.
      if (!offer.open) withdraw();
      return;
    }
    if (!toasts.some((x) => x.open)) id = show();
  });
  const withdraw = () => {
    unlisten();
    withdrawOffer = undefined;
  };
  withdrawOffer = withdraw;
}

let stop: (() => void) | undefined;

/** Starts the hourly check for this page (once). */
export function startBuildFreshness(locale: Locale): void {
  stop ??= startBuildCheck({
    currentId: BUILD_ID,
    fetchBuildId,
    onNewBuild: () => offerReload(locale),
  });
}
