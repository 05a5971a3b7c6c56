import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../contracts/errors.ts';
import { UPLOAD_TYPES } from '../routes/datasets/uploads.ts';
import { stateTextHygiene } from './openapi-text.ts';
import { UNLIMITED } from './rate-limit.ts';

type Transform = typeof jsonSchemaTransform;

/**
 * A stable `operationId` for every call that does not name one, from its method and path:
 * `GET /api/v1/datasets/{id}/versions/{version}/rows` → `getDatasetsIdVersionsVersionRows`.
 * Generators (openapi-typescript, the `sheaf` CLI) name their functions after it.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1/, '')
    .split(/[/{}:_.-]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/**
 * Calls that name no security take a token when one is sent (a signed-in caller also sees their
 * own private datasets) and work without: `[{}, { bearer: [] }]`, i.e. optional. Those that
 * never read it (`ignoresBearer`: sign-in, refresh, sign-out) have none: `[]`.
 */
const OPTIONAL_BEARER = [{}, { bearer: [] }];

/**
 * The bodies a route marked `config: { streamedTable: true }` takes beside its JSON: the table as
 * a streamed file of each upload type (gzip allowed), or a multipart form with one file.
 */
function streamedTableBodies(json: unknown) {
  const file = (type: string) => ({ schema: { type: 'string', contentMediaType: type } });
  return {
    content: {
      'application/json': { schema: json },
      ...Object.fromEntries(Object.keys(UPLOAD_TYPES).map((type) => [type, file(type)])),
      'multipart/form-data': {
        schema: {
          type: 'object',
          description: 'The query parameters as fields, then one file (CSV, TSV or JSON Lines)',
          properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
          required: ['file'],
          additionalProperties: { type: 'string' },
        },
      },
    },
  };
}

/**
 * The error answers a call may get from the shared plumbing rather than its own handler, so the
 * document declares them too: 401 for a bad bearer token (read on every call that does not
 * ignore it), 403 where a read-only token may not write or no API token may act, 400/413/415 for
 * a body that cannot be read on every call but a GET (a body sent along to a DELETE is read too)
 * unless the route answers those itself, 400 for a path or query its
 * schema refuses and on every call for a query string with a control character or a
 * percent-escape that is not UTF-8 (plugins/text-hygiene.ts), 429 from the rate limit, and on
 * every call 431 from Node's parser for a request line and headers over its 16 KB (a long URL:
 * plugins/client-errors.ts).
 */
function sharedErrorStatuses(input: Parameters<Transform>[0], method: string): number[] {
  const config = input.route.config ?? {};
  const readsBody = method !== 'GET' && input.route.errorHandler === undefined;
  return [
    400,
    ...(config.ignoresBearer ? [] : [401]),
    ...(method !== 'GET' || config.sessionOnly ? [403] : []),
    ...(readsBody ? [413, 415] : []),
    ...(UNLIMITED.test(input.url) ? [] : [429]),
    431,
  ];
}

/** The route's own `response` map, with the shared error answers it does not declare. */
function withSharedErrors(input: Parameters<Transform>[0], method: string) {
  const response = { ...(input.schema.response as Record<string, unknown> | undefined) };
  for (const status of sharedErrorStatuses(input, method)) response[status] ??= apiErrorSchema;
  return { ...input, schema: { ...input.schema, response } };
}

type Responses = Record<string, { headers?: unknown } | undefined>;

/**
 * The response headers a route declares beside its content (`{200: {headers, content}}`), which
 * fastify-type-provider-zod leaves out: put back for @fastify/swagger to write.
 */
function keepResponseHeaders(declared: unknown, output: { schema: unknown }): void {
  const written = (output.schema as { response?: Responses }).response;
  for (const [status, answer] of Object.entries((declared ?? {}) as Responses)) {
    const target = written?.[status];
    if (answer?.headers && target) target.headers = answer.headers;
  }
}

/** The route schemas as OpenAPI (fastify-type-provider-zod), each with an operationId. */
export const openApiTransform: Transform = (input) => {
  const method = Array.isArray(input.route.method) ? input.route.method[0] : input.route.method;
  const output = jsonSchemaTransform(withSharedErrors(input, String(method)));
  keepResponseHeaders(input.schema.response, output);
  const schema = output.schema as {
    operationId?: string;
    security?: unknown;
    body?: unknown;
    querystring?: unknown;
  };
  stateTextHygiene(schema.body);
  stateTextHygiene(schema.querystring);
  schema.operationId ??= operationIdOf(String(method), input.url);
  schema.security ??= input.route.config?.ignoresBearer ? [] : OPTIONAL_BEARER;
  const config = input.route.config as { streamedTable?: boolean } | undefined;
  if (config?.streamedTable) schema.body = streamedTableBodies(schema.body);
  return output;
};

type TransformObject = typeof jsonSchemaTransformObject;
type JsonSchema = { type?: string | string[]; anyOf?: JsonSchema[] };
type Operations = Record<string, Record<string, { requestBody?: OptionalBody }>>;
type OptionalBody = { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };

const admitsNull = (schema: JsonSchema | undefined): boolean =>
  schema !== undefined &&
  (schema.type === 'null' ||
    (Array.isArray(schema.type) && schema.type.includes('null')) ||
    (schema.anyOf ?? []).some(admitsNull));

/**
 * A call whose JSON body may be left out (its schema takes null, which is what Fastify hands it
 * for a missing body: refresh, logout, fork) has an optional `requestBody`; @fastify/swagger
 * marks every one required.
 */
function markOptionalBodies(paths: Operations | undefined): void {
  for (const operation of Object.values(paths ?? {}).flatMap((ops) => Object.values(ops))) {
    const body = operation.requestBody;
    if (body && admitsNull(body.content?.['application/json']?.schema)) body.required = false;
  }
}

/**
 * Named schemas that nothing refers to (the input twins no operation takes, `DatasetInput`…, or
 * a response since given inline) are left out, until every one left is referred to: a twin may
 * be referred to only by another unused one.
 */
function dropUnusedSchemas(document: { components?: { schemas?: Record<string, unknown> } }) {
  const schemas = document.components?.schemas ?? {};
  for (let dropped = true; dropped;) {
    dropped = false;
    const text = JSON.stringify(document);
    for (const name of Object.keys(schemas)) {
      const own = JSON.stringify(schemas[name]);
      const ref = `"#/components/schemas/${name}"`;
      if (text.split(ref).length - 1 > own.split(ref).length - 1) continue;
      delete schemas[name];
      dropped = true;
    }
  }
}

/**
 * Named schemas (src/server/openapi-schemas.ts) in `components.schemas`, referenced by `$ref`;
 * those nothing refers to are left out. Optional bodies are marked so.
 */
export const openApiTransformObject: TransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as {
    paths?: Operations;
    components?: { schemas?: Record<string, unknown> };
  };
  markOptionalBodies(document.paths);
  dropUnusedSchemas(document);
  return document;
};
