import { apiErrorSchema } from '../../contracts/errors.ts';

/**
 * A route schema's error answers: `...errors(400, 401, 404)` in its `response` map declares each
 * of these statuses with the error catalogue's `{message, code, details}` (the `Error` schema).
 */
export function errors<const S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    S,
    typeof apiErrorSchema
  >;
}
