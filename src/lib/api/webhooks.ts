/** Webhooks of the signed-in user: list (with recent deliveries), create (the secret once), delete. */
import type {
  CreatedWebhook as WireCreated,
  WebhookList as WireList,
} from '../../contracts/webhooks.ts';
import type { Camelize } from '../case.ts';
import { apiRequest } from './client.ts';

export type WebhookList = Camelize<WireList>;
export type ListedWebhook = WebhookList['webhooks'][number];
export type CreatedWebhook = Camelize<WireCreated>;

/** GET /webhooks: every hook of the user, newest first, each with its last few deliveries. */
export function listWebhooks(): Promise<WebhookList> {
  return apiRequest<WebhookList>('/webhooks', { auth: 'required' });
}

/** POST /webhooks: the new hook with its secret, which is never shown again. */
export function createWebhook(hook: {
  url: string;
  datasetId: number | null;
}): Promise<CreatedWebhook> {
  return apiRequest<CreatedWebhook>('/webhooks', { method: 'POST', body: hook, auth: 'required' });
}

/** DELETE /webhooks/{id}: nothing more is sent to it. */
export async function deleteWebhook(id: number): Promise<void> {
  await apiRequest<null>(`/webhooks/${id}`, { method: 'DELETE', auth: 'required' });
}
