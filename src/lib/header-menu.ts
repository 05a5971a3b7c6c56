import { scriptHash } from './csp.ts';

/**
 * The inline script of the phone menu (components/Header.astro, a `<details>` that opens without
 * script): Escape closes it and gives the focus back to its button, and a tap or click outside
 * it closes it, as people expect of a menu. Inline on every page, pages without islands
 * included, so it is written tersely.
 */
export const HEADER_MENU_SCRIPT = [
  "(()=>{const m=document.querySelector('[data-header-menu]');if(!m)return;",
  "addEventListener('keydown',e=>{if(e.key==='Escape'&&m.open){m.open=false;m.querySelector('summary').focus()}});",
  "addEventListener('click',e=>{if(m.open&&!m.contains(e.target))m.open=false})})();",
].join('');

/** Its Content-Security-Policy hash, in every page's policy (astro.config.mjs). */
export const headerMenuScriptHash = () => scriptHash(HEADER_MENU_SCRIPT);
