import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
} from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { readJsonBodies } from './lib/json-body.ts';
import type { Context } from './context.ts';
import { registerAuth } from './plugins/auth.ts';
import { compressAnswers } from './plugins/compression.ts';
import { openApiTransform, openApiTransformObject } from './plugins/openapi.ts';
import './openapi-schemas.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { corsFor } from './plugins/cors.ts';
import { createResponseSerializer } from './plugins/serializer.ts';
import { clientErrorHandler, frameworkErrors } from './plugins/client-errors.ts';
import { closeAfterEarlyAnswers } from './plugins/early-answers.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerRequestOwners } from './lib/request-owner.ts';
import { refuseForbiddenText } from './plugins/text-hygiene.ts';
import { apiRoutes } from './routes/index.ts';
import { ownUrl } from './config.ts';

export type AppOptions = {
  ctx: Context;
  /** Fastify's own pino (a level), or the process's logger (main.ts shares one). */
  logger?: boolean | { level: string } | FastifyBaseLogger;
};

const API_PREFIX = '/api/v1';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** helmet's value: browsers keep to https for a year, on subdomains too. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * A path parameter of any length reaches its route, whose schema refuses a bad one like any other
 * (400 "Dataset id must be a positive integer"): the router's default cap of 100 characters only
 * guards regex parameters, which no route has, and answered a longer id with 414.
 */
const ROUTER_OPTIONS = { ignoreTrailingSlash: true, maxParamLength: 65_536 };

/** A request's id: the caller's `X-Request-Id` when it is a short word, else a new UUID. */
function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
}

/** helmet's headers, with Strict-Transport-Security sent only where it belongs. */
async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    // Pages set their own CSP (Astro); the API only answers JSON and files.
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    strictTransportSecurity: false,
  });
  // HSTS only on a request that came over https: to this server, or to a trusted proxy that says
  // so in X-Forwarded-Proto (TRUST_PROXY); browsers ignore it over http (RFC 6797, 8.1). Set on
  // the request, so pages (whose answers Astro writes) carry it too.
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
  });
}

/** Content codings are named in any case (RFC 9110): GZIP is gzip to the body's unpacking. */
async function lowerCaseContentEncoding(request: FastifyRequest) {
  const coding = request.headers['content-encoding'];
  if (coding) request.headers['content-encoding'] = coding.trim().toLowerCase();
}

/** Builds the API app. Tests call `inject` on it; `main.ts` also mounts the site on it. */
export async function buildApp({ ctx, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(typeof logger === 'object' && 'child' in logger ? { loggerInstance: logger } : { logger }),
    genReqId: requestId,
    bodyLimit: Math.min(ctx.config.limits.maxJsonBodyBytes, ctx.config.limits.maxUploadBytes),
    trustProxy: ctx.config.trustProxy,
    routerOptions: ROUTER_OPTIONS,
    clientErrorHandler,
    frameworkErrors,
  });
  // Bodies are JSON (or a table upload's own types): text/plain is 415, not a string to refuse.
  app.removeContentTypeParser('text/plain');
  readJsonBodies(app, app.getDefaultJsonParser('error', 'error'));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializer(ctx.config.nodeEnv !== 'production'));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  closeAfterEarlyAnswers(app);
  // After every successful write request (POST, PUT, PATCH, DELETE) every process forgets what
  // it cached, before the answer leaves: whoever sees the answer sees the write everywhere.
  app.addHook('onSend', async (request, reply) => {
    if (!READ_METHODS.has(request.method) && reply.statusCode < 400) await ctx.changes.announce();
  });

  await registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(cors, { delegator: corsFor(ctx.config) });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sheaf API',
        version: '1.0.0',
        description: 'Publish, discover, rate, favorite, fork and download tabular datasets.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      // Paths carry their /api/v1 prefix: the server is the site's own origin.
      servers: [{ url: ownUrl(ctx.config), description: 'This Sheaf' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An access token from sign-in (a JWT, 15 minutes) or a personal access token (shf_…, from /profile)',
          },
        },
      },
    },
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });

  registerErrorHandler(app, API_PREFIX);
  registerRequestOwners(app);
  registerAuth(app, ctx);
  refuseForbiddenText(app);

  await app.register(
    async (api) => {
      await registerRateLimit(api, ctx.config.rateLimit);
      // Answers compressed by negotiation (compressAnswers; streams by @fastify/compress); request
      // bodies in gzip, br or deflate unpacked as read, so body limits count unpacked bytes.
      compressAnswers(api);
      api.addHook('onRequest', lowerCaseContentEncoding);
      await api.register(compress, {
        global: true,
        threshold: 1024,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
      });
      await api.register(apiRoutes, { ctx });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );
  return app;
}
