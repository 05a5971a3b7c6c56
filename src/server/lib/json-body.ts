import type { FastifyInstance, FastifyRequest } from 'fastify';

type Done = (error: Error | null, body?: unknown) => void;
/** Reads a JSON body's text (Fastify's default parser, or a route family's own). */
export type JsonParser = (request: FastifyRequest, text: string, done: Done) => unknown;

/**
 * Makes `parse` the JSON parser of `app` and the routes registered in it, except that an empty
 * body (or one of only spaces) is no body at all: many clients send `Content-Type:
 * application/json` on every call, a DELETE or a refresh included, with nothing in it. A route
 * with a required body then refuses the missing body by its schema, as when none was sent.
 */
export function readJsonBodies(app: FastifyInstance, parse: JsonParser): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    void parse(request, text, done);
  });
}
