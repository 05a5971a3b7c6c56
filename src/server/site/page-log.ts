/**
 * Astro's log (astro.config.mjs, `logger`). While Sheaf renders a page, what Astro says goes into
 * the server's own log as one JSON line (pino, with the request's id and the page's address): a
 * page that fails — the database away, say — logs its error and stack trace in that one line,
 * instead of the trace's lines beside the JSON. Outside a page request (the build, `astro dev`)
 * Astro writes as it always does.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import consoleDestination from 'astro/logger/console';

type AstroLogEvent = Parameters<ReturnType<typeof consoleDestination>['write']>[0];
type PageRequest = { log: FastifyBaseLogger; url: string };

// One store for the server and the built site, whose bundle has its own copy of this module.
const STORE = Symbol.for('sheaf.page-log');
const pageRequests = (): AsyncLocalStorage<PageRequest> =>
  ((globalThis as { [STORE]?: AsyncLocalStorage<PageRequest> })[STORE] ??=
    new AsyncLocalStorage<PageRequest>());

/** Runs `render` (Astro's handler for one page) with what Astro logs meanwhile in `log`. */
export function renderWithPageLog<T>(request: PageRequest, render: () => Promise<T>): Promise<T> {
  return pageRequests().run(request, render);
}

// Astro colours its messages for a terminal.
// eslint-disable-next-line no-control-regex
const COLOURS = /\u001b\[[0-9;]*m/g;

function writeToPageLog({ log, url }: PageRequest, event: AstroLogEvent): void {
  if (event.level !== 'error' && event.level !== 'warn' && event.level !== 'info') return;
  const text = event.message.replace(COLOURS, '');
  const [first = '', ...rest] = text.split('\n');
  const details = {
    url,
    ...(event.label && { label: event.label }),
    ...(rest.length > 0 && { stack: text }),
  };
  log[event.level](details, event.level === 'error' ? `page failed: ${first}` : first);
}

/** The destination Astro loads (`logger.entrypoint`). @public */
export default function pageLog(config?: Parameters<typeof consoleDestination>[0]) {
  const fallback = consoleDestination(config);
  return {
    write(event: AstroLogEvent): void {
      const request = pageRequests().getStore();
      if (request) writeToPageLog(request, event);
      else fallback.write(event);
    },
  };
}
