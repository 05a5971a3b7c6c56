import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import { findForbiddenText } from '../../lib/text-rules.ts';
import { BAD_ESCAPE } from './client-errors.ts';

/** Whether every percent-escape of a query string decodes as UTF-8. */
function decodes(search: string): boolean {
  try {
    decodeURIComponent(search);
    return true;
  } catch {
    return false;
  }
}

/**
 * Every request's query parameters and JSON body, before validation: a percent-escape in the
 * query string that is not UTF-8 is 400 MALFORMED_REQUEST; a control character or a
 * lone surrogate anywhere (a field, a tag, a table cell, a key) is 400 INVALID_CHARACTERS naming
 * the field. Streamed table uploads are checked as they are decoded (tables/lines.ts).
 */
export function refuseForbiddenText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // Pages answer their own 400 page (site/mount.ts).
    if (!request.url.startsWith('/api/')) return;
    // The query parser keeps such an escape as its literal text (`%ff`); the router refuses it
    // in a path (client-errors.ts), and so is it here.
    const query = request.url.indexOf('?');
    if (query >= 0 && !decodes(request.url.slice(query + 1))) {
      throw new AppError(400, 'MALFORMED_REQUEST', BAD_ESCAPE);
    }
    for (const [location, value] of [
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const found = findForbiddenText(value);
      if (found) {
        throw new AppError(
          400,
          'INVALID_CHARACTERS',
          `${found.field} contains a character that is not allowed (${found.character})`,
          { location, field: found.field, character: found.character },
        );
      }
    }
  });
}
