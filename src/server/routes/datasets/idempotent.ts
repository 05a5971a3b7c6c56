import type { FastifyReply } from 'fastify';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../../contracts/limits.ts';
import type { Published } from '../../services/datasets/idempotency.ts';

/**
 * A publish's 201, the same whether it made the dataset or version now or an earlier request
 * with its `Idempotency-Key` did (then saying so in `Idempotent-Replayed: true`).
 */
export function answerPublished<T>(reply: FastifyReply, published: Published<T>) {
  if (published.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return reply.status(201).send(published.made);
}
