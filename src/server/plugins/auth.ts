import { isSessionOpen } from '../services/sessions.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { unauthorized } from '../errors.ts';
import type { Context } from '../context.ts';

export type Viewer = { id: number; role: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller from a valid bearer token, or null for a guest. */
    viewer: Viewer | null;
    /** The signed-in caller; throws 401 for a guest or a user who no longer exists. */
    requireViewer: () => Promise<Viewer>;
  }
}

/** Reads `Authorization: Bearer …`; a present but invalid or expired token is a 401. */
export function registerAuth(app: FastifyInstance, ctx: Context): void {
  app.decorateRequest('viewer', null);
  app.decorateRequest('requireViewer', async function (this: FastifyRequest) {
    if (!this.viewer) throw unauthorized();
    const [row] = await ctx.db
      .select({ isActive: users.isActive })
      .from(users)
      .where(eq(users.id, this.viewer.id));
    if (!row?.isActive) throw unauthorized('Account no longer exists', 'TOKEN_INVALID');
    return this.viewer;
  });
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Malformed Authorization header', 'TOKEN_INVALID');
    const claims = await ctx.tokens.verifyAccess(match[1]);
    if (claims.sid && !(await isSessionOpen(ctx, claims.sid))) {
      throw unauthorized('This session has ended; please sign in again', 'SESSION_ENDED');
    }
    request.viewer = { id: claims.userId, role: claims.role };
  });
}
