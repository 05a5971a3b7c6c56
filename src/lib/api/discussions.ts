/**
 * Discussion calls, one function each (docs/discussions.md). The pages are server-rendered and
 * reloaded after a change, so nothing here is cached.
 */
import type { Comment, Discussion, ReportList } from '../../contracts/discussions.ts';
import type { Camelize } from '../case.ts';
import { apiRequest } from './client.ts';

type Thread = Camelize<Discussion>;
type Reply = Camelize<Comment>;

/** POST /datasets/{id}/discussions: a new thread. */
export const startDiscussion = (datasetId: number, title: string, body: string) =>
  apiRequest<Thread>(`/datasets/${datasetId}/discussions`, {
    method: 'POST',
    body: { title, body },
    auth: 'required',
  });

/** POST /discussions/{id}/comments: a reply. */
export const replyTo = (discussionId: number, body: string) =>
  apiRequest<Reply>(`/discussions/${discussionId}/comments`, {
    method: 'POST',
    body: { body },
    auth: 'required',
  });

/** What PATCH /discussions/{id} may change (title and body: author; the rest: owner). */
export type ThreadChange = Partial<{
  title: string;
  body: string;
  state: 'open' | 'closed';
  locked: boolean;
  hidden: boolean;
}>;

export const changeDiscussion = (id: number, change: ThreadChange) =>
  apiRequest<Thread>(`/discussions/${id}`, { method: 'PATCH', body: change, auth: 'required' });

export const deleteDiscussion = (id: number) =>
  apiRequest<null>(`/discussions/${id}`, { method: 'DELETE', auth: 'required' });

export const changeComment = (id: number, change: { body?: string; hidden?: boolean }) =>
  apiRequest<Reply>(`/comments/${id}`, { method: 'PATCH', body: change, auth: 'required' });

export const deleteComment = (id: number) =>
  apiRequest<null>(`/comments/${id}`, { method: 'DELETE', auth: 'required' });

export const reportComment = (id: number, reason: string) =>
  apiRequest<null>(`/comments/${id}/report`, {
    method: 'POST',
    body: { reason },
    auth: 'required',
  });

/** GET /datasets/{id}/reports: the reported comments of the owner's dataset, newest first. */
export const listReports = (datasetId: number) =>
  apiRequest<Camelize<ReportList>>(`/datasets/${datasetId}/reports`, { auth: 'required' });
