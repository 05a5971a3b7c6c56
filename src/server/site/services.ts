import type { ProfileResponse } from '../../contracts/users.ts';
import type { Context } from '../context.ts';
import { nullIfNotFound } from '../errors.ts';
import { communitySiteReads } from '../services/community-site.ts';
import { datasetSiteReads } from '../services/datasets/site.ts';
import { discussionSiteReads } from '../services/discussions/read.ts';
import { homeReads } from '../services/home.ts';
import { proposalSiteReads } from '../services/proposals/read.ts';
import { getProfile } from '../services/profiles.ts';
import { sitemapEntries } from '../services/sitemap.ts';
import { createPageCache, PAGE_CACHE } from './page-cache.ts';
import { retryAfterOf } from './retry-after.ts';

/**
 * What SSR pages may read, bound to the server's context and handed to Astro as
 * `Astro.locals.sheaf`. Pages import only this type, never server code.
 */
export function createSiteServices(ctx: Context) {
  const home = homeReads(ctx);
  return {
    /** Forgets what the reads keep (after any write through the API). */
    invalidate: () => home.invalidate(),
    siteUrl: ctx.config.siteUrl,
    /** This server's own address when a static host serves the prerendered pages (ORIGIN_URL). */
    originUrl: ctx.config.originUrl,
    /** Dataset reads as a guest sees them (see services/datasets/site.ts). */
    datasets: datasetSiteReads(ctx),
    /** A dataset's discussion threads and one thread, as a guest sees them. */
    discussions: discussionSiteReads(ctx),
    /** A dataset's proposals and one proposal with its conflicts and rows, as a guest sees them. */
    proposals: proposalSiteReads(ctx),
    /** Leaderboards, follow lists and a user's public datasets, as a guest sees them. */
    community: communitySiteReads(ctx),
    /** The home page's totals and lists, shared for 30 s (see services/home.ts). */
    home,
    /** Public datasets and active users for the sitemap, at most `limit` rows in all. */
    sitemapEntries: (limit: number) => sitemapEntries(ctx, limit),
    users: {
      /** A user's public profile and counts, or null when there is no such (active) user. */
      profile: (id: number): Promise<ProfileResponse | null> => nullIfNotFound(getProfile(ctx, id)),
    },
    /**
     * When a page failed for a while only — the database cannot be reached, or table work is
     * refused or cut at its limit (503 SERVER_BUSY, QUERY_TIMEOUT) — the seconds to come back
     * after (the 500 page then says 503 with Retry-After); null for any other failure.
     */
    retryAfter: retryAfterOf,
  };
}

export type SiteServices = ReturnType<typeof createSiteServices>;

/**
 * The site as the server runs it: its reads and its page micro-cache (page-cache.ts), both
 * forgetting what they keep on every write announced on `ctx.changes`.
 */
export function createServedSite(ctx: Context) {
  const services = createSiteServices(ctx);
  const pageCache = createPageCache(PAGE_CACHE);
  ctx.changes.subscribe(pageCache.invalidate);
  ctx.changes.subscribe(services.invalidate);
  return { services, pageCache };
}
