import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Context } from '../context.ts';

type RoutesOptions = { ctx: Context };

/** A resource's routes: a Fastify plugin typed for zod schemas, given the service context. */
export type RoutesPlugin = FastifyPluginAsyncZod<RoutesOptions>;
