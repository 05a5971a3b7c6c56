import type { FastifyInstance } from 'fastify';

/** The order `Allow` lists methods in. */
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** `/api/v1/datasets/:id` → a pattern of concrete paths, one segment per parameter. */
function patternOf(url: string): RegExp {
  const segments = url
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return new RegExp(`^${segments.join('/')}$`);
}

/**
 * Records the methods of every route under `prefix` (wildcard routes aside) as they are
 * declared, and returns what a path takes: the methods of every route whose pattern matches it,
 * with HEAD beside GET and OPTIONS beside any (`[]` for a path no route has). The site's pages
 * (a `/*` route, when the site is mounted) count for every path outside `/api/`, where no page
 * lives. The error handler answers 405 with `Allow` when a path exists but not for the request's
 * method, and a plain OPTIONS with 204 and `Allow`.
 */
export function trackMethods(app: FastifyInstance, prefix: string): (path: string) => string[] {
  const routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  const pages = new Set<string>();
  const reserved = `/${prefix.split('/')[1] ?? ''}/`;
  app.addHook('onRoute', (route) => {
    if (route.url === '/*') for (const method of [route.method].flat()) pages.add(method);
    if (!route.url.startsWith(prefix) || route.url.includes('*')) return;
    const url = route.url.replace(/(.)\/$/, '$1');
    const entry = routes.get(url) ?? { pattern: patternOf(url), methods: new Set<string>() };
    for (const method of [route.method].flat()) entry.methods.add(method);
    routes.set(url, entry);
  });
  return (path) => {
    const bare = path.replace(/(.)\/$/, '$1');
    const methods = new Set(bare.startsWith(reserved) ? [] : pages);
    for (const { pattern, methods: taken } of routes.values()) {
      if (pattern.test(bare)) for (const method of taken) methods.add(method);
    }
    if (methods.has('GET')) methods.add('HEAD');
    if (methods.size > 0) methods.add('OPTIONS');
    return ORDER.filter((method) => methods.has(method));
  };
}
