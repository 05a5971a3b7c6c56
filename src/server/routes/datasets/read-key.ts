import type { FastifyRequest } from 'fastify';
import type { Context } from '../../context.ts';
import { unauthorized } from '../../errors.ts';
import { isRecord } from '../../../contracts/narrowing.ts';

/**
 * Who a download is read by: the holder of the request's read key (`?key=`, this version's
 * only), else the signed-in caller or a guest.
 */
export async function downloadViewer(
  ctx: Context,
  request: FastifyRequest,
  target: { id: number; version: number | 'latest' },
): Promise<number | null> {
  const query: unknown = request.query;
  const key = isRecord(query) && typeof query['key'] === 'string' ? query['key'] : undefined;
  if (key === undefined) return request.viewer?.id ?? null;
  const claims = await ctx.tokens.verifyRead(key);
  if (!claims || claims.datasetId !== target.id || claims.version !== target.version) {
    throw unauthorized('The read key is not valid for this version', 'READ_KEY_INVALID');
  }
  return claims.userId;
}
