import { setRefreshCookie, clearRefreshCookie } from '../refresh-cookie.ts';
import { errors } from '../errors.ts';
import { z } from 'zod';
import { sessionResponseSchema } from '../../../contracts/auth.ts';
import {
  changePasswordBodySchema,
  accountDeletionSchema,
  deleteAccountBodySchema,
  profileResponseSchema,
  publicUserResponseSchema,
  updateMeBodySchema,
  userIdParamsSchema,
  userListQuerySchema,
  userListResponseSchema,
  userResponseSchema,
} from '../../../contracts/users.ts';
import { accountDeletion, deleteAccount } from '../../services/account-deletion.ts';
import { changePassword } from '../../services/accounts.ts';
import { getProfile } from '../../services/profiles.ts';

import { getMe, getPublicUser, listUsers, updateMe } from '../../services/users.ts';
import type { RoutesPlugin } from '../types.ts';

const tags = ['users'];
const security = [{ bearer: [] }];
const signedIn = errors(401);

/** The signed-in user's account: what deleting it would remove, reading and editing it. */
const accountRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/users/me/deletion',
    {
      schema: {
        tags,
        security,
        summary: 'What deleting the account would delete and keep',
        description:
          'Counts of the datasets (and of those, the private ones) and versions that deleting the account deletes, and of the forks others made of them, which stay.',
        response: { 200: accountDeletionSchema, ...signedIn },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return accountDeletion(ctx, viewer.id);
    },
  );

  app.get(
    '/users/me',
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in user (with e-mail and role)',
        response: { 200: userResponseSchema, ...signedIn },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return { user: await getMe(ctx, viewer.id) };
    },
  );

  app.put(
    '/users/me',
    {
      schema: {
        tags,
        security,
        summary: 'Change nickname, avatar or bio',
        body: updateMeBodySchema,
        response: { 200: userResponseSchema, ...errors(400), ...signedIn },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return { user: await updateMe(ctx, viewer.id, request.body) };
    },
  );
};

/** Changing the password and deleting the account. */
const accountSecurityRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.put(
    '/users/me/password',
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        security,
        summary: 'Change the password',
        description:
          'Signs out every other session (their refresh tokens stop working) and answers a fresh session for this one, with a new refresh_token cookie. A wrong current password is 403 INVALID_PASSWORD.',
        body: changePasswordBodySchema,
        response: {
          200: sessionResponseSchema,
          ...errors(400, 403, 429),
          ...signedIn,
        },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const { session, refreshToken } = await changePassword(ctx, viewer.id, {
        ...request.body,
        ip: request.ip,
        sid: viewer.sid,
      });
      setRefreshCookie(ctx, reply, refreshToken);
      return session;
    },
  );

  app.delete(
    '/users/me',
    {
      config: { sessionOnly: true },
      schema: {
        tags,
        security,
        summary: 'Delete the account and everything it owns',
        description:
          'Deletes the user, their datasets and versions, sessions, follows, favourites and ratings. A wrong password is 403 INVALID_PASSWORD.',
        body: deleteAccountBodySchema,
        response: {
          204: z.null().describe('Deleted'),
          ...errors(400, 403, 429),
          ...signedIn,
        },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      await deleteAccount(ctx, viewer.id, {
        password: request.body.password,
        ip: request.ip,
        sid: viewer.sid,
      });
      clearRefreshCookie(ctx, reply);
      return reply.status(204).send(null);
    },
  );
};

/** People as anyone sees them. */
const publicUserRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'List or search users',
        description: 'query matches username or nickname (case-insensitive).',
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, ...errors(400) },
      },
    },
    async (request) => listUsers(ctx, request.query),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'A public user',
        params: userIdParamsSchema,
        response: { 200: publicUserResponseSchema, ...errors(400, 404) },
      },
    },
    async (request) => ({ user: await getPublicUser(ctx, request.params.id) }),
  );

  app.get(
    '/users/:id/profile',
    {
      schema: {
        tags,
        summary: 'A public profile with follow and dataset counts',
        description: 'Counts only public datasets, whoever asks.',
        params: userIdParamsSchema,
        response: { 200: profileResponseSchema, ...errors(400, 404) },
      },
    },
    async (request) => getProfile(ctx, request.params.id),
  );
};

export const usersRoutes: RoutesPlugin = async (app, options) => {
  await accountRoutes(app, options);
  await accountSecurityRoutes(app, options);
  await publicUserRoutes(app, options);
};
