/**
 * The language switcher keeps the visitor's place: a link to the same page in another language
 * (`a[data-locale-switch][data-same-page]`) gets the page's query and `#hash` as it is followed.
 * Prerendered pages (`/datasets/edit?id=5`) are built without the query, and no page is sent the
 * hash. A link that has its own query or hash keeps it; a link to the page above (where this
 * page has no translation) gets neither. Pages with islands run `keepPlaceOnLocaleSwitch`; pages
 * without run the same rule in the header's inline script (lib/header-account.ts).
 */
type Place = { search: string; hash: string };

/** Where a same-page switcher link goes from a page at `page` (its query and hash). */
export function switchedHref(linkHref: string, page: Place): string {
  const url = new URL(linkHref);
  if (url.search === '' && page.search !== '?') url.search = page.search;
  if (url.hash === '' && page.hash !== '#') url.hash = page.hash;
  return url.href;
}

/** Listens for clicks on the switcher's same-page links for the whole page. */
export function keepPlaceOnLocaleSwitch(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const link =
      event.target instanceof Element
        ? event.target.closest('a[data-locale-switch][data-same-page]')
        : null;
    if (link instanceof HTMLAnchorElement) link.href = switchedHref(link.href, doc.location);
  });
}
