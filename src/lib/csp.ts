import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy hash of an inline script's exact text, for
 * `Astro.csp.insertScriptHash` (server-side only: pages render it into their CSP).
 */
export const scriptHash = (source: string): `sha256-${string}` =>
  `sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`;
