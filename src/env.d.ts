/// <reference types="astro/client" />
import type { SiteServices } from './server/site/services.ts';
import type { PageContext } from './lib/page.ts';

declare global {
  namespace App {
    /** `locale`, `t` and `href` of the page's URL, set once by src/middleware.ts. */
    interface Locals extends PageContext {
      /** Server reads for SSR pages, provided by the Sheaf server (src/server/site/services.ts). */
      sheaf: SiteServices;
      /**
       * The status src/pages/500.astro chose for its answer (503 while the database is away);
       * Astro sends that page as 500 whatever it sets, so src/middleware.ts applies it.
       */
      errorStatus?: number;
    }
  }
}
