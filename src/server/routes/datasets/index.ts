import type { RoutesPlugin } from '../types.ts';
import { browseRoutes } from './browse.ts';
import { changesRoutes } from './changes.ts';
import { manageRoutes } from './manage.ts';
import { acceptMultipart } from './multipart.ts';
import { acceptUploads } from './uploads.ts';
import { versionRoutes } from './versions.ts';
import { viewerRoutes } from './viewer.ts';

/** /datasets: reading, managing, versions, downloads and the data viewer. See docs/datasets.md. */
export const datasetsRoutes: RoutesPlugin = async (app, opts) => {
  acceptUploads(app, opts.ctx.config.limits.maxUploadBytes);
  await acceptMultipart(app, opts.ctx.config.limits.maxUploadBytes);
  await app.register(browseRoutes, opts);
  await app.register(manageRoutes, opts);
  await app.register(versionRoutes, opts);
  await app.register(viewerRoutes, opts);
  await app.register(changesRoutes, opts);
};
