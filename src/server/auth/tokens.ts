import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { unauthorized } from '../errors.ts';

const isId = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n);
/** `sid`: the session (refresh-token family) the token was issued for; absent on older tokens. */
type AccessClaims = { userId: number; role: string; sid?: string };

/** What a read key lets its holder read, in the name of `userId`: one version's downloads. */
type ReadClaims = { userId: number; datasetId: number; version: number };

export type TokenService = {
  accessTtlSeconds: number;
  signAccess: (claims: AccessClaims) => Promise<string>;
  verifyAccess: (token: string) => Promise<AccessClaims>;
  /** A read key valid for `seconds` (docs/tables.md "Private datasets in the console"). */
  signRead: (claims: ReadClaims, seconds: number) => Promise<string>;
  /** The read key's claims, or null when it is not one of ours or has expired. */
  verifyRead: (key: string) => Promise<ReadClaims | null>;
};

/**
 * Read keys have an issuer of their own: an access token is never taken as a read key, nor a
 * read key as an access token (verifyAccess asks for the issuer `sheaf`).
 */
const READ_ISSUER = 'sheaf-read';

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
    async signRead({ userId, datasetId, version }, seconds) {
      return new SignJWT({ ds: datasetId, v: version })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setExpirationTime(`${seconds}s`)
        .setIssuer(READ_ISSUER)
        .sign(key);
    },
    async verifyRead(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: READ_ISSUER,
          algorithms: ['HS256'],
        });
        const [userId, datasetId, version] = [Number(payload.sub), payload['ds'], payload['v']];
        return isId(userId) && isId(datasetId) && isId(version)
          ? { userId, datasetId, version }
          : null;
      } catch {
        return null;
      }
    },
  };
}

/** Refresh tokens are random and stored only as their sha256. */
export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');
