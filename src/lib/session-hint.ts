import { AUTH_STORE_KEY } from './constants.ts';

/**
 * Islands show the signed-out state until they hydrate (docs/pages.md). This inline script, run
 * in the head of pages with islands, marks `<html data-stored-session>` when local storage holds
 * a session; the stylesheet then keeps the signed-out placeholders (`data-guest-placeholder`)
 * out of sight until the islands show the real state, so a signed-in visitor does not see
 * "Sign in" or the sign-in form flash by.
 */
export function sessionHintScript(): string {
  return `try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(AUTH_STORE_KEY)})||'null');if(s&&s.token)document.documentElement.setAttribute('data-stored-session','')}catch(e){}`;
}
