/**
 * `Cache-Control` of public answers about datasets that may stop being public — downloads of
 * every format, the Croissant document, the Data Package, the sitemap, the feed of new datasets.
 * A dataset made private (or its owner's
 * account deactivated) is a 404 from then on, so a shared cache may keep such an answer for at
 * most five minutes and must then ask again (downloads with their `ETag`, answered 304 while the
 * file is still public). docs/datasets.md, "Downloads over HTTP".
 */
export const PUBLIC_SHARED_CACHE = 'public, max-age=300, must-revalidate';
