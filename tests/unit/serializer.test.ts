import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializer } from '../../src/server/plugins/serializer.ts';

const route = (schema: z.ZodType) =>
  createResponseSerializer(true)({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (
    data: unknown,
  ) => string;

describe('response serialisation from the route schema', () => {
  it('writes what the schema says: unknown keys left out, unions and nulls kept', () => {
    const serialize = route(
      z.object({
        id: z.number().int(),
        name: z.string(),
        cells: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])),
        origin: z.object({ id: z.number() }).nullable(),
      }),
    );
    const json = serialize({
      id: 1,
      name: '北京 "a"',
      cells: ['x', 2, true, null],
      origin: null,
      secret: 's',
    });
    expect(JSON.parse(json)).toEqual({
      id: 1,
      name: '北京 "a"',
      cells: ['x', 2, true, null],
      origin: null,
    });
    expect(json).not.toContain('secret');
  });

  it('refuses a response that breaks its schema', () => {
    const serialize = route(z.object({ id: z.number().int() }));
    expect(() => serialize({ id: 'one' })).toThrow();
  });

  it('keeps the zod path for a schema JSON Schema cannot express', () => {
    const serialize = route(z.object({ when: z.date() }));
    expect(serialize({ when: new Date(Date.UTC(2024, 0, 2)) })).toBe(
      JSON.stringify({ when: new Date(Date.UTC(2024, 0, 2)) }),
    );
  });
});
