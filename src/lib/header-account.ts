import { AUTH_STORE_KEY } from './constants.ts';
import { scriptHash } from './csp.ts';
import { ORIGIN_META } from './site-origin.ts';

/**
 * The inline script of the header on pages without islands (components/HeaderAccount.astro):
 * reads the `auth-store` entry of local storage, shows the signed-in user's name (the account
 * menu's button, opened by lib/header-menu.ts) instead of the sign-in links (again whenever
 * another tab signs in or out: the `storage` event), and signs out through the API (PUBLIC_API_BASE, else the Node origin of a static
 * host's page, else this origin). It also keeps the page's query and `#hash` on the language
 * switcher's same-page links, as lib/locale-switch.ts does on pages with islands: these pages
 * have no other script.
 */
export function headerAccountScript(configuredApiBase: unknown): string {
  const apiBase =
    typeof configuredApiBase === 'string' ? configuredApiBase.replace(/\/+$/, '') : '';
  const key = JSON.stringify(AUTH_STORE_KEY);
  // Written tersely: it is inline in every page without islands (under 1,000 characters when
  // PUBLIC_API_BASE is not set; tests/e2e/reading-pages.spec.ts).
  return [
    `(()=>{const d=document,K=${key};`,
    // The language switcher's same-page links keep the query and the hash.
    "d.addEventListener('click',e=>{const a=e.target instanceof Element&&e.target.closest('a[data-locale-switch][data-same-page]');",
    'if(!a)return;const u=new URL(a.href);u.search||=location.search;u.hash||=location.hash;a.href=u.href});',
    // The stored session (`v`, as stored) decides between the sign-in links and the name.
    "const r=d.querySelector('[data-header-account]'),q=s=>r.querySelectorAll(s),show=v=>{let s=null;",
    'try{s=JSON.parse(v)}catch{}const u=s&&s.isAuthenticated&&s.user;',
    "q('[data-guest]').forEach(a=>a.hidden=!!u);q('[data-member]').forEach(a=>a.hidden=!u);",
    "if(u)r.querySelector('[data-member-name]').textContent=u.nickname||u.username};",
    'try{show(localStorage.getItem(K))}catch{}',
    // Another tab signed in or out.
    "addEventListener('storage',e=>{if(e.key===K)show(e.newValue)});",
    "r.querySelector('[data-sign-out]').addEventListener('click',()=>{",
    `const n=d.querySelector('meta[name="${ORIGIN_META}"]');`,
    `fetch((${JSON.stringify(apiBase)}||n&&n.content||location.origin)+'/api/v1/auth/logout',{method:'POST',credentials:'include'})`,
    '.catch(()=>{}).finally(()=>{localStorage.removeItem(K);location.reload()})})})();',
  ].join('');
}

/**
 * Its Content-Security-Policy hash, given to every page's policy by astro.config.mjs: a
 * server-rendered page's policy is sent before its header renders, so the component cannot add
 * it itself. The script depends only on PUBLIC_API_BASE, known at build time.
 */
export const headerAccountScriptHash = (configuredApiBase: unknown) =>
  scriptHash(headerAccountScript(configuredApiBase));
