import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ErrorCode } from '../../../contracts/error-codes.ts';
import { AppError, badRequest, invalidFields } from '../../errors.ts';
import type { Upload } from '../../services/datasets/uploads.ts';
import { UPLOAD_TYPES } from './uploads.ts';

/**
 * `multipart/form-data` uploads — what `curl -F file=@cities.csv -F name=城市` and a plain HTML
 * form send: the metadata as fields (the same names as the streamed upload's query), then one
 * file field. The file streams into the table reader like a raw body; its format comes from
 * its type or name (.csv, .tsv, .jsonl). Anything after the file (a second file, a late field)
 * fails the upload before anything is stored.
 */
export async function acceptMultipart(app: FastifyInstance, maxUploadBytes: number) {
  await app.register(multipart, {
    limits: { fileSize: maxUploadBytes, fields: 30, fieldSize: 64 * 1024, parts: 40 },
    // A file over the limit fails the stream (413), never a silently cut table.
    throwFileSizeLimit: true,
  });
}

const multipartError = (code: ErrorCode, message: string) => new AppError(400, code, message);

/**
 * A body cut off or garbled on the way (no boundary, no closing boundary, not a form at all) is
 * the client's mistake: a malformed body. The multipart reader's own errors carry no status;
 * its limits (413) and ours keep theirs.
 */
function asMalformedBody(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Error) || 'statusCode' in error) return error;
  const message = `not a readable multipart/form-data body (${error.message})`;
  return badRequest(`Invalid body: ${message}`, [{ field: 'body', message }]);
}

/** The next part of the form, or a 400 when the body cannot be read as a form. */
async function nextPart(parts: AsyncIterator<Multipart>): Promise<IteratorResult<Multipart>> {
  try {
    return await parts.next();
  } catch (error) {
    throw asMalformedBody(error);
  }
}

function formatOf(mimetype: string, filename: string): Upload['format'] {
  const byType = UPLOAD_TYPES[mimetype.toLowerCase()];
  if (byType) return byType;
  const name = filename.toLowerCase();
  if (/\.(jsonl|ndjson)$/.test(name)) return 'jsonl';
  if (/\.(tsv|tab)$/.test(name)) return 'tsv';
  if (name.endsWith('.csv')) return 'csv';
  throw new AppError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    `Unsupported file "${filename}": send a .csv, .tsv or .jsonl file`,
  );
}

/**
 * The fields and the file of a multipart request; `schema` checks the fields (with the query
 * beneath them). Null when the request is not multipart.
 */
export async function multipartUpload<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<{ fields: z.infer<S>; upload: Upload } | null> {
  if (!request.isMultipart()) return null;
  const parts: AsyncIterator<Multipart> = request.parts()[Symbol.asyncIterator]();
  const fields: Record<string, string> = {};
  for (;;) {
    const next = await nextPart(parts);
    if (next.done) {
      throw multipartError('MULTIPART_NO_FILE', 'Send the table as one file field');
    }
    const part = next.value;
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    // The raw query (Fastify's parsed one already holds converted values and defaults).
    const query = Object.fromEntries(new URL(request.url, 'http://x').searchParams);
    const parsed = schema.safeParse({ ...query, ...fields });
    if (!parsed.success) {
      part.file.resume(); // let the request finish; the answer is the validation error
      throw invalidFields(
        parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message })),
      );
    }
    const format = formatOf(part.mimetype, part.filename);
    return { fields: parsed.data, upload: { format, body: fileThenEnd(part, parts) } };
  }
}

/** The file's bytes; at its end, the request must end too (no second file, no late field). */
async function* fileThenEnd(
  part: Extract<Multipart, { type: 'file' }>,
  parts: AsyncIterator<Multipart>,
): AsyncIterable<Uint8Array> {
  try {
    for await (const chunk of part.file) yield chunk as Uint8Array;
  } catch (error) {
    throw asMalformedBody(error);
  }
  const next = await nextPart(parts);
  if (!next.done) {
    if (next.value.type === 'file') next.value.file.resume();
    throw next.value.type === 'file'
      ? multipartError('MULTIPART_FILES', 'Send exactly one file')
      : multipartError(
          'MULTIPART_ORDER',
          `Field "${next.value.fieldname}" came after the file: send the fields first`,
        );
  }
}
