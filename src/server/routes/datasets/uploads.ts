import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tableRejected } from '../../services/datasets/content.ts';
import { parseTableJson } from '../../../lib/tables/exact-json.ts';
import { uploadTooLarge } from '../../tables/lines.ts';
import type { Upload } from '../../services/datasets/uploads.ts';
import { readJsonBodies } from '../../lib/json-body.ts';
import { isRecord } from '../../../contracts/narrowing.ts';

/** Content types of a streamed table, and the format each is read as. */
export const UPLOAD_TYPES: Record<string, Upload['format']> = {
  'text/csv': 'csv',
  'text/tab-separated-values': 'tsv',
  'application/x-ndjson': 'jsonl',
  'application/jsonl': 'jsonl',
};

const uploads = new WeakMap<FastifyRequest, Upload>();

/**
 * Lets the dataset routes take a table as the raw body (`text/csv`, `application/x-ndjson`):
 * the body is not buffered but handed to the handler as a stream (see `uploadOf`).
 */
export function acceptUploads(app: FastifyInstance, maxUploadBytes: number): void {
  // Keys are column names, and `__proto__` or `constructor` is a name like any other: JSON.parse
  // keeps it as the object's own key, which is how the tables code reads and writes it.
  const json = app.getDefaultJsonParser('ignore', 'ignore');
  readJsonBodies(app, (request, text, done) => {
    if (!takesTable(request)) return void json(request, text, done);
    let parsed: unknown;
    try {
      parsed = parseTableJson(text);
    } catch {
      // Malformed: the default parser answers it as for every other route.
      return void json(request, text, done);
    }
    done(null, parsed);
  });
  app.addContentTypeParser(Object.keys(UPLOAD_TYPES), (request, payload, done) => {
    // A declared length over the limit is refused before a byte is read.
    if (Number(request.headers['content-length'] ?? 0) > maxUploadBytes) {
      done(tableRejected(uploadTooLarge(maxUploadBytes).errors), undefined);
      return;
    }
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    uploads.set(request, { format: UPLOAD_TYPES[type] ?? 'csv', body: payload });
    done(null, undefined);
  });
}

/** The streamed table of a request with a CSV or JSON Lines body, if it has one. */
export const uploadOf = (request: FastifyRequest): Upload | undefined => uploads.get(request);

export const uploadDescription =
  'A big table may instead be sent as `multipart/form-data` (the metadata fields first, then one file field: .csv, .tsv or .jsonl) or as the raw body with `Content-Type: text/csv` or `text/tab-separated-values` (first line: column names) or `application/x-ndjson` (first line: a JSON list of column names, or the first row as an object), streamed with constant memory; column types are inferred unless declared with `attribute_types` as JSON text in the query or a form field (`{"zip":"string"}`). Any body may be sent with `Content-Encoding: gzip`.';

/**
 * A route whose JSON body is a table (`config: { tableBody: true }`): its numbers are read as
 * written (`parseTableJson`), so a number with more digits than a double holds is never rounded.
 */
const takesTable = (request: FastifyRequest): boolean => {
  const config: unknown = request.routeOptions.config;
  return isRecord(config) && config['tableBody'] === true;
};
