import type { RoutesPlugin } from './types.ts';
import { healthRoutes } from './health/index.ts';

/** Every resource's routes, mounted under /api/v1. One line per resource. */
export const apiRoutes: RoutesPlugin = async (app, opts) => {
  await app.register(healthRoutes, opts);
};
