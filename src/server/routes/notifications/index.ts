import { errors } from '../errors.ts';
import {
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationSettingsBodySchema,
  notificationSettingsSchema,
  unreadCountSchema,
} from '../../../contracts/notifications.ts';
import {
  getSettings,
  listNotifications,
  markAllRead,
  markRead,
  notificationCount,
  putSettings,
} from '../../services/notifications/inbox.ts';
import type { RoutesPlugin } from '../types.ts';

const tags = ['notifications'];
const security = [{ bearer: [] }];

/** The caller's inbox: listing, the unread count, marking read. */
const inboxRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/notifications',
    {
      schema: {
        tags,
        security,
        summary: "The caller's notifications, newest first, and how many are unread",
        description:
          'Kept 90 days. A notification about a dataset the caller may no longer see (made private) is left out, and out of the counts.',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return listNotifications(ctx, viewer.id, request.query);
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        tags,
        security,
        summary: "How many of the caller's notifications are unread",
        response: { 200: unreadCountSchema, ...errors(401) },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return notificationCount(ctx, viewer.id);
    },
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        security,
        summary: 'Mark one notification read',
        description:
          "Answers the unread count left. Someone else's notification, like a missing one, is 404 NOTIFICATION_NOT_FOUND.",
        params: notificationIdParamsSchema,
        response: { 200: unreadCountSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return markRead(ctx, viewer.id, request.params.id);
    },
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags,
        security,
        summary: "Mark all the caller's notifications read",
        response: { 200: unreadCountSchema, ...errors(401) },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return markAllRead(ctx, viewer.id);
    },
  );
};

/** The caller's choice per kind: in the inbox, or not at all. */
const settingsRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/notifications/settings',
    {
      schema: {
        tags,
        security,
        summary: 'Where each kind of notification goes: inbox or none',
        response: { 200: notificationSettingsSchema, ...errors(401) },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return getSettings(ctx, viewer.id);
    },
  );

  app.put(
    '/notifications/settings',
    {
      schema: {
        tags,
        security,
        summary: 'Choose where some kinds of notification go',
        description:
          'Kinds left out keep their choice; an unknown kind is 400. Turning a kind off stops new notifications of it; those already in the inbox stay.',
        body: notificationSettingsBodySchema,
        response: { 200: notificationSettingsSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return putSettings(ctx, viewer.id, request.body);
    },
  );
};

export const notificationsRoutes: RoutesPlugin = async (app, options) => {
  await inboxRoutes(app, options);
  await settingsRoutes(app, options);
};
