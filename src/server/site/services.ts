import type { Context } from '../context.ts';
import { datasetSiteReads } from '../services/datasets/site.ts';

/**
 * What SSR pages may read, bound to the server's context and handed to Astro as
 * `Astro.locals.sheaf`. Pages import only this type, never server code.
 */
export function createSiteServices(ctx: Context) {
  return {
    siteUrl: ctx.config.siteUrl,
    /** Dataset reads as a guest sees them (see services/datasets/site.ts). */
    datasets: datasetSiteReads(ctx),
  };
}

export type SiteServices = ReturnType<typeof createSiteServices>;
