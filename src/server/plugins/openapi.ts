import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { UPLOAD_TYPES } from '../routes/datasets/uploads.ts';

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
 * own private datasets) and work without: `[{}, { bearer: [] }]`, i.e. optional.
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

/** The route schemas as OpenAPI (fastify-type-provider-zod), each with an operationId. */
export const openApiTransform: Transform = (input) => {
  const output = jsonSchemaTransform(input);
  const method = Array.isArray(input.route.method) ? input.route.method[0] : input.route.method;
  const schema = output.schema as { operationId?: string; security?: unknown; body?: unknown };
  schema.operationId ??= operationIdOf(String(method), input.url);
  schema.security ??= OPTIONAL_BEARER;
  const config = input.route.config as { streamedTable?: boolean } | undefined;
  if (config?.streamedTable) schema.body = streamedTableBodies(schema.body);
  return output;
};

type TransformObject = typeof jsonSchemaTransformObject;

/**
 * Named schemas (src/server/openapi-schemas.ts) in `components.schemas`, referenced by `$ref`.
 * The input twins that no operation uses (`DatasetInput`, …) are left out.
 */
export const openApiTransformObject: TransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as {
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = document.components?.schemas;
  if (schemas) {
    const used = JSON.stringify({
      ...document,
      components: { ...document.components, schemas: {} },
    });
    for (const name of Object.keys(schemas)) {
      const twin = name.endsWith('Input') && name.slice(0, -'Input'.length) in schemas;
      const referenced = (text: string) => text.includes(`"#/components/schemas/${name}"`);
      if (twin && !referenced(used) && !referenced(JSON.stringify(schemas))) delete schemas[name];
    }
  }
  return document as ReturnType<TransformObject>;
};
