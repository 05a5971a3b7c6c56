import type { FastifyCorsOptionsDelegateCallback } from '@fastify/cors';
import type { Config } from '../config.ts';

/** Headers a script on another origin may read (downloads, paging, caching, a replayed publish). */
const EXPOSED = [
  'Content-Disposition',
  'Content-Length',
  'Content-Range',
  'Accept-Ranges',
  'ETag',
  'Last-Modified',
  'Retry-After',
  'Idempotent-Replayed',
];
const SITE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const READ_METHODS = ['GET', 'HEAD'];

/**
 * Cross-origin rules. The site's own origin (`PUBLIC_SITE_URL`, which matters when the pages are
 * served elsewhere, see `PUBLIC_API_BASE`) may call everything with credentials. Any other origin
 * may read — GET and HEAD, preflights answered — without credentials (`*`): a notebook in a
 * browser can fetch public datasets, rows and downloads, and a caller holding a token may send it
 * in `Authorization`; cookies are never shared with other origins.
 */
export function corsFor(config: Config): FastifyCorsOptionsDelegateCallback {
  const siteOrigin = new URL(config.siteUrl).origin;
  return (request, callback) => {
    const origin = request.headers.origin;
    // Only an OPTIONS with Origin and Access-Control-Request-Method is a preflight; a plain
    // OPTIONS is answered by the API itself: 204 with `Allow` (plugins/errors.ts).
    const preflight = Boolean(origin && request.headers['access-control-request-method']);
    if (origin === siteOrigin) {
      callback(null, {
        preflight,
        origin: siteOrigin,
        credentials: true,
        methods: SITE_METHODS,
        exposedHeaders: EXPOSED,
      });
      return;
    }
    callback(null, {
      preflight,
      origin: '*',
      credentials: false,
      methods: READ_METHODS,
      exposedHeaders: EXPOSED,
      maxAge: 600,
    });
  };
}
