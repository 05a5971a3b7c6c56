import { AUTH_STORE_KEY } from './constants.ts';
import { scriptHash } from './csp.ts';
import { ORIGIN_META } from './site-origin.ts';

/**
 * The inline script of the header on pages without islands (components/HeaderAccount.astro):
 * reads the `auth-store` entry of local storage, shows the signed-in user's name and a sign-out
 * button instead of the sign-in links (again whenever another tab signs in or out: the `storage`
 * event), and signs out through the API (PUBLIC_API_BASE, else the Node origin of a static
 * host's page, else this origin). It also keeps the page's query and
 * `#hash` on the language switcher's same-page links, as lib/locale-switch.ts does on pages with
 * islands: these pages have no other script.
 */
export function headerAccountScript(configuredApiBase: unknown): string {
  const apiBase =
    typeof configuredApiBase === 'string' ? configuredApiBase.replace(/\/+$/, '') : '';
  return `(() => {
  document.addEventListener('click', (e) => {
    const a = e.target instanceof Element && e.target.closest('a[data-locale-switch][data-same-page]');
    if (!a) return;
    const u = new URL(a.href);
    if (!u.search) u.search = location.search;
    if (!u.hash) u.hash = location.hash;
    a.href = u.href;
  });
  const root = document.querySelector('[data-header-account]');
  if (!root) return;
  const show = (raw) => {
    let s = null;
    try {
      s = JSON.parse(raw || 'null');
    } catch {}
    const user = s && s.isAuthenticated && s.user;
    root.querySelectorAll('[data-guest]').forEach((a) => (a.hidden = !!user));
    root.querySelectorAll('[data-member]').forEach((a) => (a.hidden = !user));
    if (user) root.querySelector('[data-member-name]').textContent = user.nickname || user.username;
  };
  try {
    show(localStorage.getItem('${AUTH_STORE_KEY}'));
  } catch {}
  // Signing in or out in another tab changes this page's header too.
  addEventListener('storage', (e) => {
    if (e.storageArea === localStorage && (e.key === '${AUTH_STORE_KEY}' || e.key === null))
      show(e.newValue);
  });
  root.querySelector('[data-sign-out]').addEventListener('click', () => {
    const node = document.querySelector('meta[name="${ORIGIN_META}"]');
    const base = ${JSON.stringify(apiBase)} || (node && node.content) || location.origin;
    fetch(base + '/api/v1/auth/logout', { method: 'POST', credentials: 'include' })
      .catch(() => undefined)
      .finally(() => {
        localStorage.removeItem('${AUTH_STORE_KEY}');
        location.reload();
      });
  });
})();`;
}

/**
 * Its Content-Security-Policy hash, given to every page's policy by astro.config.mjs: a
 * server-rendered page's policy is sent before its header renders, so the component cannot add
 * it itself. The script depends only on PUBLIC_API_BASE, known at build time.
 */
export const headerAccountScriptHash = (configuredApiBase: unknown) =>
  scriptHash(headerAccountScript(configuredApiBase));
