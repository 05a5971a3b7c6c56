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
import { discussionsRoutes } from './discussions/index.ts';
import { proposalsRoutes } from './proposals/index.ts';
import { croissantRoutes } from './croissant/index.ts';
import { dataPackageRoutes } from './datapackage/index.ts';
import { tokensRoutes } from './tokens/index.ts';
import { markdownRoutes } from './markdown/index.ts';
import { sqlRoutes } from './sql/index.ts';
import { webhooksRoutes } from './webhooks/index.ts';
import { watchesRoutes } from './watches/index.ts';
import { notificationsRoutes } from './notifications/index.ts';

/** Every resource's routes, mounted under /api/v1 in this order. One line per resource. */
export const apiRoutes: RoutesPlugin = async (app, opts) => {
  for (const routes of [
    healthRoutes,
    authRoutes,
    oauthRoutes,
    usersRoutes,
    followsRoutes,
    favoritesRoutes,
    leaderboardRoutes,
    datasetCommunityRoutes,
    datasetsRoutes,
    discussionsRoutes,
    proposalsRoutes,
    croissantRoutes,
    dataPackageRoutes,
    tokensRoutes,
    markdownRoutes,
    sqlRoutes,
    webhooksRoutes,
    watchesRoutes,
    notificationsRoutes,
  ]) {
    await app.register(routes, opts);
  }
};
