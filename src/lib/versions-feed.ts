import { getT } from '../i18n/index.ts';
import { localizePath, type Locale } from '../i18n/locales.ts';
import { changeLine } from './change-line.ts';
import { serverPagesSite } from './site-origin.ts';
import { PUBLIC_SHARED_CACHE } from './shared-cache.ts';

type Sheaf = App.Locals['sheaf'];
type Feed = NonNullable<Awaited<ReturnType<Sheaf['datasets']['versionsFeed']>>>;

/** Where a dataset's versions feed lives in a locale's pages. */
export const versionsFeedPath = (id: number, locale: Locale): string =>
  localizePath(`/datasets/${id}/versions.atom`, locale);

/** XML text: the five characters XML reserves escaped, and characters XML 1.0 forbids left out. */
const xmlText = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(
      /[<>&'"]/g,
      (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
    );

const element = (name: string, text: string, attributes = '') =>
  `<${name}${attributes}>${xmlText(text)}</${name}>`;

/** One entry: a version, its one-line summary as title, its changelog under it. */
function entry(feed: Feed, at: Feed['entries'][number], locale: Locale, origin: URL): string {
  const t = getT(locale);
  const { version, summary } = at;
  const page = `/datasets/${feed.dataset.id}?tab=versions&v=${version.version}`;
  const link = new URL(localizePath(page, locale), origin).href;
  const line = changeLine(summary, t);
  const text = version.changelog ? `${line}\n\n${version.changelog}` : line;
  return [
    '<entry>',
    element('id', link),
    element('title', line),
    element('updated', new Date(version.created_at).toISOString()),
    `<link rel="alternate" type="text/html" href="${xmlText(link)}"/>`,
    element('content', text, ' type="text"'),
    '</entry>',
  ].join('');
}

/** The feed's XML: one entry per version, newest first. */
function atomOf(feed: Feed, locale: Locale, origin: URL, self: string): string {
  const t = getT(locale);
  const { dataset } = feed;
  const page = new URL(localizePath(`/datasets/${dataset.id}`, locale), origin).href;
  const updated = feed.entries[0]?.version.created_at ?? dataset.created_at;
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${locale}">`,
    element('id', self),
    element('title', t('changes:feed.title', { name: dataset.name })),
    element('subtitle', t('changes:feed.subtitle')),
    element('updated', new Date(updated).toISOString()),
    `<author>${element('name', dataset.owner.nickname || dataset.owner.username)}</author>`,
    `<link rel="self" type="application/atom+xml" href="${xmlText(self)}"/>`,
    `<link rel="alternate" type="text/html" href="${xmlText(page)}"/>`,
    ...feed.entries.map((e) => entry(feed, e, locale, origin)),
    '</feed>',
  ].join('\n');
}

/**
 * The Atom feed of a public dataset's newest versions, each titled with what changed in it, in
 * one locale's words (docs/living-datasets.md, "Versions feed"). A dataset that is not public is
 * 404. Cached like the feed of new datasets: shared caches five minutes, then they revalidate.
 */
export async function versionsFeed(
  sheaf: Sheaf,
  locale: Locale,
  id: string | undefined,
  site: URL | undefined,
): Promise<Response> {
  const number = /^[1-9]\d{0,9}$/.test(id ?? '') ? Number(id) : 0;
  const feed =
    number > 0 && number <= 2_147_483_647 ? await sheaf.datasets.versionsFeed(number) : null;
  if (!feed) {
    return new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const origin = serverPagesSite(sheaf, site);
  const self = new URL(versionsFeedPath(feed.dataset.id, locale), origin).href;
  return new Response(atomOf(feed, locale, origin, self), {
    status: 200,
    headers: {
      'content-type': 'application/atom+xml; charset=utf-8',
      'cache-control': PUBLIC_SHARED_CACHE,
    },
  });
}
