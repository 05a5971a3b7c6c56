import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../../contracts/error-codes.ts';
import type { ApiErrorBody } from '../../contracts/errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError, invalidFields } from '../errors.ts';
import { trackMethods } from './methods.ts';
import { causeWithCode } from '../lib/error-causes.ts';
import { isRecord } from '../../contracts/narrowing.ts';

function fieldOf(instancePath: string, context: string): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || context;
}

/**
 * A route schema's refusal: one `{field, message}` per problem. A query parameter that takes one
 * value but was given more than once (`?limit=1&limit=2`, read as a list) says that, rather than
 * what its rule says of a list.
 */
function schemaErrors(
  error: { validation: FastifySchemaValidationError[]; validationContext?: string },
  request: FastifyRequest,
): AppError {
  const coded = error.validation.map(codedIssue).find((found) => found !== undefined);
  if (coded) return coded;
  const context = error.validationContext ?? 'body';
  return invalidFields(
    error.validation.map((v) => {
      const field = fieldOf(v.instancePath, context);
      return context === 'querystring' && givenTwice(request, field)
        ? { field, message: `${field} is given more than once` }
        : { field, message: v.message ?? 'Invalid value' };
    }),
  );
}

/** The `params` of a custom zod issue that names its error code. */
const codedParams = z.object({
  params: z.object({ code: z.enum(ERROR_CODES), details: z.unknown() }),
});

/**
 * A schema's refusal that names its own error code (a custom issue raised with
 * `params: { code, details }`, as `filters` does with BAD_FILTER), as that 400.
 */
function codedIssue(issue: FastifySchemaValidationError): AppError | undefined {
  const coded = codedParams.safeParse(issue.params);
  if (!coded.success) return undefined;
  const { code, details } = coded.data.params;
  return new AppError(400, code, issue.message ?? 'Invalid value', details);
}

/** Whether query parameter `name` came as a list its rule does not take (`tags` takes one). */
function givenTwice(request: FastifyRequest, name: string): boolean {
  const value = (request.query as Record<string, unknown>)[name];
  const schema = request.routeOptions.schema?.querystring as
    { shape?: Record<string, ZodType> } | undefined;
  const rule = schema?.shape?.[name];
  return Array.isArray(value) && rule !== undefined && !rule.safeParse([value[0]]).success;
}

/**
 * What a 500 may write to the log: the error's name, code, stack and message, with a failed
 * query's parameters cut off (they can hold what a user typed, a password hash, a token).
 */
function loggable(error: unknown): object {
  if (!(error instanceof Error)) return { message: String(error).slice(0, 200) };
  const clean = (text: string) => text.split('\nparams:')[0]!.slice(0, 2_000);
  const cause = error.cause instanceof Error ? loggable(error.cause) : undefined;
  return {
    type: error.name,
    code: isRecord(error) ? error['code'] : undefined,
    message: clean(error.message),
    stack: clean(error.stack ?? ''),
    ...(cause && { cause }),
  };
}

/** The disk (or quota) is full: ENOSPC / EDQUOT anywhere in the error's causes. */
const isOutOfSpace = (error: unknown) => causeWithCode(error, 'ENOSPC', 'EDQUOT') !== undefined;

/** A foreign-key violation (SQLSTATE 23503) anywhere in the error's causes. */
const isForeignKeyViolation = (error: unknown) => causeWithCode(error, '23503') !== undefined;

/**
 * The deleted account's answer (401) when a write failed on a foreign key because the caller's
 * account was deleted after the request was let in; undefined otherwise.
 */
async function accountGoneFrom(error: unknown, request: FastifyRequest) {
  if (!request.viewer || !isForeignKeyViolation(error)) return undefined;
  const gone: unknown = await request.requireViewer().then(
    () => undefined,
    (e: unknown) => e,
  );
  return gone instanceof AppError ? gone : undefined;
}

/**
 * The headers a handler sets for the file it is about to send (sendEntity), which an error
 * answer must not carry: a download whose file went missing would otherwise answer 404 with the
 * file's length, tag and a year of public caching.
 */
const ENTITY_HEADERS = [
  'accept-ranges',
  'cache-control',
  'content-disposition',
  'content-length',
  'content-range',
  'content-type',
  'etag',
  'last-modified',
];

function sendAppError(reply: FastifyReply, error: AppError) {
  if (error.headers) void reply.headers(error.headers);
  return reply.status(error.status).send({
    message: error.message,
    code: error.code,
    details: error.details ?? null,
  } satisfies ApiErrorBody);
}

/** The code of a request Fastify or a parser refused (4xx) before a handler ran. */
function clientErrorCode(error: FastifyError): ErrorCode {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_CP_ERR_INVALID_CONTENT_ENCODING':
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 'FST_CP_ERR_INVALID_CONTENT':
      return 'INVALID_CONTENT_ENCODING';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'INVALID_JSON';
    default:
      return error.name === 'SyntaxError' ? 'INVALID_JSON' : 'BAD_REQUEST';
  }
}

/**
 * Maps every failure to `{ message, code, details }`; 5xx bodies never carry internals. A path
 * under `apiPrefix` that no route has is 404 ROUTE_NOT_FOUND; one that exists for other methods
 * is 405 METHOD_NOT_ALLOWED with `Allow`, or 204 with `Allow` for a plain OPTIONS.
 */
export function registerErrorHandler(app: FastifyInstance, apiPrefix: string): void {
  app.setErrorHandler(async (thrown: FastifyError | AppError, request, reply) => {
    for (const name of ENTITY_HEADERS) reply.removeHeader(name);
    const error = hasZodFastifySchemaValidationErrors(thrown)
      ? schemaErrors(thrown, request)
      : thrown;
    if (error instanceof AppError) return sendAppError(reply, error);
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({
        message: 'Request body is too large',
        code: 'PAYLOAD_TOO_LARGE',
        details: { limit_bytes: app.initialConfig.bodyLimit ?? null },
      } satisfies ApiErrorBody);
    }
    if (status >= 400 && status < 500) {
      const code = clientErrorCode(error);
      return reply
        .status(status)
        .send({ message: error.message, code, details: null } satisfies ApiErrorBody);
    }
    if (isOutOfSpace(error)) {
      request.log.error({ code: 'INSUFFICIENT_STORAGE' }, 'storage full');
      return reply.status(507).send({
        message: 'The server has no room to store this; try again later',
        code: 'INSUFFICIENT_STORAGE',
        details: { request_id: request.id },
      } satisfies ApiErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ code: 'DATABASE_UNAVAILABLE' }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '2')
        .send({
          message: 'The database is unavailable; try again in a moment',
          code: 'DATABASE_UNAVAILABLE',
          details: { request_id: request.id },
        } satisfies ApiErrorBody);
    }
    const gone = await accountGoneFrom(error, request);
    if (gone) return sendAppError(reply, gone);
    request.log.error({ err: loggable(error) }, 'request failed');
    return reply.status(500).send({
      message: 'Internal Server Error',
      code: 'INTERNAL_ERROR',
      details: { request_id: request.id },
    } satisfies ApiErrorBody);
  });

  const methodsOf = trackMethods(app, apiPrefix);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const methods = methodsOf(path);
    if (methods.length === 0) {
      return reply.status(404).send({
        message: `Route ${request.method} ${path} not found`,
        code: 'ROUTE_NOT_FOUND',
        details: null,
      } satisfies ApiErrorBody);
    }
    void reply.header('allow', methods.join(', '));
    // A plain OPTIONS (not a CORS preflight, which plugins/cors.ts answers) asks what the path takes.
    if (request.method === 'OPTIONS') return reply.status(204).send();
    return reply.status(405).send({
      message: `Method ${request.method} is not allowed on ${path}`,
      code: 'METHOD_NOT_ALLOWED',
      details: { allowed_methods: methods },
    } satisfies ApiErrorBody);
  });
}
