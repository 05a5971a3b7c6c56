import { once } from 'node:events';
import { setTimeout } from 'node:timers/promises';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

/** Calls never limited: the health check (supervisors and load balancers poll it). */
export const UNLIMITED = /^\/api\/v1\/health(?:\?|$)/;

const keyOf = (request: FastifyRequest) =>
  request.viewer ? `user:${request.viewer.id}` : `ip:${request.ip}`;

/**
 * The API-wide rate limit: requests per minute per signed-in user, or per IP address for
 * guests (config `RATE_LIMIT_USER_PER_MINUTE`, `RATE_LIMIT_IP_PER_MINUTE`; 0 turns one off).
 * Every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; past the
 * limit, 429 `RATE_LIMITED` with `Retry-After`. Counts live in memory, or in Redis when
 * `REDIS_URL` is set so that several processes share them (keys named after the site, so that
 * two sites sharing one Redis count apart). Register inside the API's scope,
 * after the bearer token is read (the key needs `request.viewer`).
 */
export async function registerRateLimit(api: FastifyInstance, config: Config['rateLimit']) {
  const { perIp, perUser, redisUrl, redisPrefix } = config;
  if (perIp === 0 && perUser === 0) return;
  const redis = redisUrl
    ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  if (redis) {
    redis.on('error', () => undefined);
    // Counting starts once connected (or after 2 s, counting nothing until Redis answers).
    await Promise.race([once(redis, 'ready').catch(() => undefined), setTimeout(2_000)]);
    api.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await api.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    keyGenerator: keyOf,
    max: (request) => (request.viewer ? perUser : perIp) || Number.MAX_SAFE_INTEGER,
    allowList: (request) => UNLIMITED.test(request.url),
    enableDraftSpec: true,
    // A shared store that is down must not take the API down with it.
    skipOnError: true,
    ...(redis && { redis, nameSpace: redisPrefix }),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(
        429,
        'RATE_LIMITED',
        `Too many requests, try again in ${seconds} seconds`,
        { retry_after: seconds, limit: context.max },
      );
    },
  });
}
