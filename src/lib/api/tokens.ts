/** Personal access tokens of the signed-in user: list, create (the secret once) and revoke. */
import type { ApiToken as WireToken } from '../../contracts/tokens.ts';
import type { TokenScope } from '../../contracts/limits.ts';
import type { Camelize } from '../case.ts';
import { apiRequest } from './client.ts';

export type ApiToken = Camelize<WireToken>;
export type CreatedToken = ApiToken & { token: string };
export type NewToken = { name: string; scope: TokenScope; expiresInDays?: number };

/** GET /tokens: the tokens still in force, newest first. */
export async function listTokens(): Promise<ApiToken[]> {
  const { tokens } = await apiRequest<{ tokens: ApiToken[] }>('/tokens', { auth: 'required' });
  return tokens;
}

/** POST /tokens: the new token with its secret, which is never shown again. */
export function createToken(token: NewToken): Promise<CreatedToken> {
  return apiRequest<CreatedToken>('/tokens', { method: 'POST', body: token, auth: 'required' });
}

/** DELETE /tokens/{id}: it stops working at once. */
export async function revokeToken(id: number): Promise<void> {
  await apiRequest<null>(`/tokens/${id}`, { method: 'DELETE', auth: 'required' });
}
