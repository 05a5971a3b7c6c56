import { scriptHash } from './csp.ts';

/**
 * The inline script of the header's menus, on every page (pages without islands included, so
 * it is written tersely). The phone menu (components/Header.astro, a `<details>` that opens
 * without script) and, on pages without islands, the account menu (components/HeaderAccount.astro;
 * the island of other pages does the same itself): the name's button opens and closes the
 * account pages, Escape closes an open menu and gives the focus back to its button, and a tap
 * or click outside it closes it, as people expect of a menu.
 */
export const HEADER_MENU_SCRIPT = [
  "(()=>{const d=document,m=d.querySelector('[data-header-menu]'),",
  "b=d.querySelector('[data-header-account] [aria-controls]'),l=b&&d.getElementById(b.getAttribute('aria-controls')),",
  "o=()=>l&&!l.hidden,set=v=>{b.setAttribute('aria-expanded',v);l.hidden=!v};",
  "b&&b.addEventListener('click',()=>set(!o()));",
  "addEventListener('keydown',e=>{if(e.key!=='Escape')return;",
  "if(m&&m.open){m.open=false;m.querySelector('summary').focus()}if(o()){set(false);b.focus()}});",
  "addEventListener('click',e=>{if(m&&m.open&&!m.contains(e.target))m.open=false;",
  'if(o()&&!b.parentNode.contains(e.target))set(false)})})();',
].join('');

/** Its Content-Security-Policy hash, in every page's policy (astro.config.mjs). */
export const headerMenuScriptHash = () => scriptHash(HEADER_MENU_SCRIPT);
