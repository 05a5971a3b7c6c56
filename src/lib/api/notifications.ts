/**
 * Watching datasets and the notifications inbox, one function each. The browser (camelCase)
 * types are `Camelize` of the wire types in src/contracts/notifications.ts, imported as types
 * only. Settings are keyed by kind ('version.published'), which the key conversion leaves as is.
 */
import type {
  Delivery,
  NotificationKind,
  NotificationListResponse,
  Notification as WireNotification,
  WatchingListResponse,
  WatchStatus as WireWatchStatus,
} from '../../contracts/notifications.ts';
import type { Camelize } from '../case.ts';
import { apiRequest } from './client.ts';
import type { PageQuery } from './community.ts';

export type WatchStatus = Camelize<WireWatchStatus>;
export type WatchingPage = Camelize<WatchingListResponse>;
export type Notification = Camelize<WireNotification>;
export type NotificationPage = Camelize<NotificationListResponse>;
export type NotificationSettings = Record<NotificationKind, Delivery>;

/** GET /datasets/{id}/watch: the count, and whether the caller (if signed in) watches it. */
export function watchStatus(datasetId: number): Promise<WatchStatus> {
  return apiRequest<WatchStatus>(`/datasets/${datasetId}/watch`);
}

/** PUT (watch) or DELETE (stop) /datasets/{id}/watch; answers the new status. */
export function setWatching(datasetId: number, watching: boolean): Promise<WatchStatus> {
  return apiRequest<WatchStatus>(`/datasets/${datasetId}/watch`, {
    method: watching ? 'PUT' : 'DELETE',
    auth: 'required',
  });
}

/** GET /users/me/watching: the datasets the caller watches, most recently watched first. */
export function listWatching(page: PageQuery, signal?: AbortSignal): Promise<WatchingPage> {
  return apiRequest<WatchingPage>('/users/me/watching', {
    query: page,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
}

/** GET /notifications: newest first, with the unread count. */
export function listNotifications(
  page: PageQuery,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  return apiRequest<NotificationPage>('/notifications', {
    query: page,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
}

/** GET /notifications/unread-count (the header's badge). */
export async function unreadCount(): Promise<number> {
  const { unreadCount } = await apiRequest<{ unreadCount: number }>('/notifications/unread-count', {
    auth: 'required',
  });
  return unreadCount;
}

/** POST /notifications/{id}/read, or /notifications/read-all; answers the unread count left. */
export async function markRead(id: number | 'all'): Promise<number> {
  const path = id === 'all' ? '/notifications/read-all' : `/notifications/${id}/read`;
  const { unreadCount } = await apiRequest<{ unreadCount: number }>(path, {
    method: 'POST',
    auth: 'required',
  });
  return unreadCount;
}

/** GET /notifications/settings, or PUT with the kinds to change: every kind's choice. */
export function notificationSettings(
  changes?: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  return apiRequest<NotificationSettings>('/notifications/settings', {
    auth: 'required',
    ...(changes ? { method: 'PUT', body: changes } : {}),
  });
}
