/**
 * The language switcher on prerendered pages with islands (`/datasets/edit?id=5`,
 * `/datasets/version/create?id=5`): those pages are built once, so their switcher links carry
 * no query; the page's own query is added as a link is followed, so the visitor stays on the
 * same dataset in the other language. A link that already has a query keeps its own.
 */
export function switchedHref(linkHref: string, pageSearch: string): string {
  if (pageSearch === '' || pageSearch === '?') return linkHref;
  const url = new URL(linkHref);
  if (url.search !== '') return linkHref;
  url.search = pageSearch;
  return url.href;
}

/** Listens for clicks on the switcher's links (`a[data-locale-switch]`) for the whole page. */
export function keepQueryOnLocaleSwitch(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const link =
      event.target instanceof Element ? event.target.closest('a[data-locale-switch]') : null;
    if (link instanceof HTMLAnchorElement) {
      link.href = switchedHref(link.href, doc.location.search);
    }
  });
}
