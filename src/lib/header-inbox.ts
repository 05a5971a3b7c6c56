import { AUTH_STORE_KEY } from './constants.ts';
import { scriptHash } from './csp.ts';
import { ORIGIN_META } from './site-origin.ts';

/**
 * The inline script of the header's inbox link on pages without islands
 * (components/InboxLink.tsx): for a stored session whose token has not expired, it shows the
 * link and asks the API once for the unread count (the badge and the link's name). A failure
 * leaves the link without a count.
 */
export function headerInboxScript(configuredApiBase: unknown): string {
  const apiBase =
    typeof configuredApiBase === 'string' ? configuredApiBase.replace(/\/+$/, '') : '';
  return [
    `(()=>{const d=document,a=d.querySelector('[data-header-inbox]');let s=null;`,
    `try{s=JSON.parse(localStorage.getItem(${JSON.stringify(AUTH_STORE_KEY)}))}catch{}`,
    'if(!a||!s||!s.isAuthenticated||!s.token)return;a.hidden=false;',
    'if(s.tokenExpiresAt&&s.tokenExpiresAt<Date.now())return;',
    `const m=d.querySelector('meta[name="${ORIGIN_META}"]');`,
    `fetch((${JSON.stringify(apiBase)}||m&&m.content||location.origin)+'/api/v1/notifications/unread-count',`,
    "{headers:{authorization:'Bearer '+s.token}}).then(r=>r.ok?r.json():null).then(j=>{",
    "const c=j&&j.unread_count;if(!c)return;const b=a.querySelector('[data-count]');",
    "b.textContent=c>99?'99+':c;b.hidden=false;a.setAttribute('aria-label',a.dataset.label.replace('{{count}}',c))",
    '}).catch(()=>{})})();',
  ].join('');
}

/** Its Content-Security-Policy hash, given to every page's policy by astro.config.mjs. */
export const headerInboxScriptHash = (configuredApiBase: unknown) =>
  scriptHash(headerInboxScript(configuredApiBase));
