import type { Context } from '../context.ts';

/**
 * What SSR pages may read, bound to the server's context and handed to Astro as
 * `Astro.locals.sheaf`. Pages import only this type, never server code.
 */
export function createSiteServices(ctx: Context) {
  return {
    siteUrl: ctx.config.siteUrl,
  };
}

export type SiteServices = ReturnType<typeof createSiteServices>;
