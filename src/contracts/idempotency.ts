import { z } from 'zod';
import { IDEMPOTENCY_KEY_HOURS } from './limits.ts';

/** Headers of a publish: an optional `Idempotency-Key` (other headers are kept as sent). */
export const publishHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, 'must be 1 to 255 visible ASCII characters')
    .optional()
    .describe(
      `Any 1 to 255 visible ASCII characters, new for each publish (e.g. a UUID). Sent again by the same user within ${IDEMPOTENCY_KEY_HOURS} hours, the request makes nothing and answers what the first one made, with the same status and \`Idempotent-Replayed: true\`; with a different request, 409 IDEMPOTENCY_KEY_REUSED.`,
    ),
});
