import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import { findForbiddenText } from '../text-rules.ts';

/**
 * Every request's query parameters and JSON body, before validation: a control character or a
 * lone surrogate anywhere (a field, a tag, a table cell, a key) is 400 INVALID_CHARACTERS naming
 * the field. Streamed table uploads are checked as they are decoded (tables/lines.ts).
 */
export function refuseForbiddenText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // Pages answer their own 400 page (site/mount.ts).
    if (!request.url.startsWith('/api/')) return;
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
