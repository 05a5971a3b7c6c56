import type { RoutesPlugin } from './types.ts';
import { healthRoutes } from './health/index.ts';
import { authRoutes } from './auth/index.ts';
import { oauthRoutes } from './oauth/index.ts';
import { usersRoutes } from './users/index.ts';
import { followsRoutes } from './follows/index.ts';
import { favoritesRoutes } from './favorites/index.ts';
import { leaderboardRoutes } from './leaderboard/index.ts';
import { datasetCommunityRoutes } from './dataset-community/index.ts';
import { datasetsRoutes } from './datasets/index.ts';
import { croissantRoutes } from './croissant/index.ts';
import { tokensRoutes } from './tokens/index.ts';
import { markdownRoutes } from './markdown/index.ts';

/** Every resource's routes, mounted under /api/v1. One line per resource. */
export const apiRoutes: RoutesPlugin = async (app, opts) => {
  await app.register(healthRoutes, opts);
  await app.register(authRoutes, opts);
  await app.register(oauthRoutes, opts);
  await app.register(usersRoutes, opts);
  await app.register(followsRoutes, opts);
  await app.register(favoritesRoutes, opts);
  await app.register(leaderboardRoutes, opts);
  await app.register(datasetCommunityRoutes, opts);
  await app.register(datasetsRoutes, opts);
  await app.register(croissantRoutes, opts);
  await app.register(tokensRoutes, opts);
  await app.register(markdownRoutes, opts);
};
