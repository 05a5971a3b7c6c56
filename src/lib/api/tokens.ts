/** Personal access tokens of the signed-in user: list, create (the secret once) and revoke. */
import type { ApiToken as WireToken, TokenList as WireTokenList } from '../../contracts/tokens.ts';
import type { TokenScope } from '../../contracts/limits.ts';
import type { Camelize } from '../case.ts';
import { apiRequest } from './client.ts';

export type ApiToken = Camelize<WireToken>;
export type CreatedToken = ApiToken & { token: string };
export type NewToken = { name: string; scope: TokenScope; expiresInDays?: number };
/** Every listed token, and how many are in force of how many may be. */
export type TokenList = { tokens: ApiToken[]; live: number; liveMax: number };

/**
 * GET /tokens, page after page: every token not revoked (expired ones too), newest first, and
 * how many are in force. A token created or revoked meanwhile may shift the pages: each token
 * is kept once.
 */
export async function listTokens(): Promise<TokenList> {
  const tokens = new Map<number, ApiToken>();
  for (let offset = 0; ;) {
    const page = await apiRequest<Camelize<WireTokenList>>('/tokens', {
      query: { offset },
      auth: 'required',
    });
    for (const token of page.tokens) if (!tokens.has(token.id)) tokens.set(token.id, token);
    offset += page.limit;
    if (page.tokens.length === 0 || offset >= page.total) {
      return { tokens: [...tokens.values()], live: page.live, liveMax: page.liveMax };
    }
  }
}

/** POST /tokens: the new token with its secret, which is never shown again. */
export function createToken(token: NewToken): Promise<CreatedToken> {
  return apiRequest<CreatedToken>('/tokens', { method: 'POST', body: token, auth: 'required' });
}

/** DELETE /tokens/{id}: it stops working at once. */
export async function revokeToken(id: number): Promise<void> {
  await apiRequest<null>(`/tokens/${id}`, { method: 'DELETE', auth: 'required' });
}
