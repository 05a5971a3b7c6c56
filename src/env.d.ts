/// <reference types="astro/client" />
import type { SiteServices } from './server/site/services.ts';
import type { PageContext } from './lib/page.ts';

declare global {
  namespace App {
    /** `locale`, `t` and `href` of the page's URL, set once by src/middleware.ts. */
    interface Locals extends PageContext {
      /** Server reads for SSR pages, provided by the Sheaf server (src/server/site/services.ts). */
      sheaf: SiteServices;
    }
  }
}
