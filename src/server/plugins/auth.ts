import { TOKEN_PREFIX, type TokenScope } from '../../contracts/limits.ts';
import { tokenNotAllowed, tokenScopeTooNarrow, verifyApiToken } from '../services/api-tokens.ts';
import { isSessionOpen } from '../services/sessions.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountGone, isAccountActive } from '../services/accounts.ts';
import { unauthorized } from '../errors.ts';
import type { Context } from '../context.ts';
import { isRecord } from '../../contracts/narrowing.ts';

/**
 * The caller; `tokenScope` when they came with a personal access token (`shf_…`), `sid` (the
 * session) when they came with a session's access token that names it.
 */
type Viewer = { id: number; role: string; tokenScope?: TokenScope; sid?: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Only a signed-in session may call this route, never an API token (tokens, password…). */
    sessionOnly?: boolean;
    /** The route never reads `Authorization`: a stale or bad token there is not refused (logout). */
    ignoresBearer?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in caller from a valid bearer token, or null for a guest. */
    viewer: Viewer | null;
    /** The signed-in caller; throws 401 for a guest or a user who no longer exists. */
    requireViewer: () => Promise<Viewer>;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The route's `security` names only ways of signing in (no `{}`, which lets guests in). */
function bearerRequired(request: FastifyRequest): boolean {
  const schema: unknown = request.routeOptions.schema;
  const security: unknown = isRecord(schema) ? schema['security'] : undefined;
  return (
    Array.isArray(security) &&
    security.length > 0 &&
    security.every((way) => isRecord(way) && Object.keys(way).length > 0)
  );
}

/**
 * Reads `Authorization: Bearer …`: a session's access token (JWT) or a personal access token
 * (`shf_…`); a present but invalid, expired or revoked one is a 401. A personal access token acts
 * within its scope (read: GET and HEAD only) and never on `sessionOnly` routes (403).
 */
export function registerAuth(app: FastifyInstance, ctx: Context): void {
  app.decorateRequest('viewer', null);
  app.decorateRequest('requireViewer', async function (this: FastifyRequest) {
    if (!this.viewer) throw unauthorized();
    if (!(await isAccountActive(ctx.db, this.viewer.id))) throw accountGone();
    return this.viewer;
  });
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (request.routeOptions.config.ignoresBearer) return;
    // A guest calling for what only a signed-in caller may do is 401 before its body is read
    // or checked, as the OpenAPI document's `security` says.
    if (!header && bearerRequired(request)) throw unauthorized();
    if (!header) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Malformed Authorization header', 'TOKEN_INVALID');
    if (match[1].startsWith(TOKEN_PREFIX)) {
      const caller = await verifyApiToken(ctx, match[1]);
      // Refused before the body is read.
      if (request.routeOptions.config.sessionOnly) throw tokenNotAllowed();
      if (caller.scope === 'read' && !READS.has(request.method)) throw tokenScopeTooNarrow();
      request.viewer = { id: caller.id, role: caller.role, tokenScope: caller.scope };
      return;
    }
    const claims = await ctx.tokens.verifyAccess(match[1]);
    if (claims.sid && !(await isSessionOpen(ctx, claims.sid))) {
      throw unauthorized('This session has ended; please sign in again', 'SESSION_ENDED');
    }
    request.viewer = {
      id: claims.userId,
      role: claims.role,
      ...(claims.sid && { sid: claims.sid }),
    };
  });
}
