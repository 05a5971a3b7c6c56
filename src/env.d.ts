/// <reference types="astro/client" />
import type { SiteServices } from './server/site/services.ts';

declare global {
  namespace App {
    interface Locals {
      /** Server reads for SSR pages, provided by the Sheaf server (src/server/site/services.ts). */
      sheaf: SiteServices;
    }
  }
}
