import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Schema = Parameters<typeof zodSerializerCompiler>[0]['schema'];
type Serialize = (data: unknown) => string;

/** The route's zod schema as JSON Schema for fast-json-stringify, or null when it cannot be. */
function compileFast(schema: Schema): Serialize | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    const json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
    });
    return fastJson(json as Parameters<typeof fastJson>[0]);
  } catch {
    return null;
  }
}

/**
 * Response serialisation from the route schemas. Each response schema (zod) is compiled, at the
 * route's first response rather than at start-up (docs/performance.md, "Memory and start-up"), to
 * a fast-json-stringify function, which writes JSON from the schema's shape instead of walking
 * the value and checking it with zod (about twice as fast on a list). A schema JSON Schema cannot
 * express keeps the zod serialiser.
 *
 * Outside production (`checked`), every response goes through both and they must give the same
 * JSON, so the test suites prove the fast path sends what the schemas say.
 */
export function createResponseSerializer(checked: boolean): FastifySerializerCompiler<Schema> {
  return (route) => {
    let compiled: Serialize | undefined;
    return (data) => {
      compiled ??= compile(route, checked);
      return compiled(data);
    };
  };
}

function compile(route: Parameters<FastifySerializerCompiler<Schema>>[0], checked: boolean) {
  const zod = zodSerializerCompiler(route) as Serialize;
  const fast = compileFast(route.schema);
  if (!fast) return zod;
  if (!checked) return fast;
  return (data: unknown) => {
    const expected = zod(data);
    const sent = fast(data);
    if (!isDeepStrictEqual(JSON.parse(sent), JSON.parse(expected))) {
      throw new Error(
        `Fast serialisation of ${route.method} ${route.url} differs from its schema: ${sent} ≠ ${expected}`,
      );
    }
    return sent;
  };
}
