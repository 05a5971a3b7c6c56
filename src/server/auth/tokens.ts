import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { unauthorized } from '../errors.ts';

/** `sid`: the session (refresh-token family) the token was issued for; absent on older tokens. */
type AccessClaims = { userId: number; role: string; sid?: string };

export type TokenService = {
  accessTtlSeconds: number;
  signAccess: (claims: AccessClaims) => Promise<string>;
  verifyAccess: (token: string) => Promise<AccessClaims>;
};

export function createTokenService(secret: string, accessTtlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    accessTtlSeconds,
    async signAccess({ userId, role, sid }) {
      return new SignJWT({ role, ...(sid && { sid }) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${accessTtlSeconds}s`)
        .setIssuer('sheaf')
        .sign(key);
    },
    async verifyAccess(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: 'sheaf', algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId))
          throw unauthorized('Invalid access token', 'TOKEN_INVALID');
        const sid = typeof payload['sid'] === 'string' ? payload['sid'] : undefined;
        return {
          userId,
          role: typeof payload['role'] === 'string' ? payload['role'] : 'user',
          ...(sid && { sid }),
        };
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) {
          throw unauthorized('Access token has expired', 'TOKEN_EXPIRED');
        }
        throw unauthorized('Invalid access token', 'TOKEN_INVALID');
      }
    },
  };
}

/** Refresh tokens are random and stored only as their sha256. */
export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');
