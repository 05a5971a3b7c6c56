/**
 * Proposal calls, one function each (docs/proposals.md). The pages are server-rendered and
 * reloaded after a change, so nothing here is cached.
 */
import type { ProposalMode } from '../../contracts/limits.ts';
import { apiRequest } from './client.ts';
import { uploadRequest } from './upload.ts';

/** The modes of a proposal made from a table file (a fork's version is the other way). */
export type FileMode = Exclude<ProposalMode, 'fork'>;

/** What the pages need of an answered proposal: where it is. */
type Made = { id: number; datasetId: number };

/** A table file's type as the upload sends it, by its name (CSV unless it says otherwise). */
function contentTypeOf(name: string): string {
  const lower = name.toLowerCase();
  if (lower.endsWith('.tsv') || lower.endsWith('.tab')) return 'text/tab-separated-values';
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'application/x-ndjson';
  if (lower.endsWith('.json')) return 'application/json';
  return 'text/csv';
}

/** POST /datasets/{id}/proposals with JSON: a fork's version proposed to its origin. */
export const proposeFork = (
  datasetId: number,
  input: { title: string; body: string; forkId: number; forkVersion: number },
) =>
  apiRequest<Made>(`/datasets/${datasetId}/proposals`, {
    method: 'POST',
    body: input,
    auth: 'required',
  });

/** POST /datasets/{id}/proposals?mode=…&title=…&body=… with the table file as the body. */
export const proposeFile = (
  datasetId: number,
  input: { title: string; body: string; mode: FileMode },
  file: File,
) =>
  uploadRequest<Made>(`/datasets/${datasetId}/proposals`, {
    query: input,
    body: file,
    contentType: contentTypeOf(file.name),
  });

/** PATCH /proposals/{id}: close or reopen, or point at a newer fork version. */
export const changeProposal = (
  id: number,
  change: { state?: 'open' | 'closed'; forkVersion?: number },
) => apiRequest<Made>(`/proposals/${id}`, { method: 'PATCH', body: change, auth: 'required' });

/** POST /proposals/{id}/merge (the owner). */
export const mergeProposal = (id: number) =>
  apiRequest<Made>(`/proposals/${id}/merge`, { method: 'POST', auth: 'required' });

/** PUT /proposals/{id}/change?mode=…: the proposer's new table file, rebased on the latest version. */
export const updateProposalFile = (id: number, mode: FileMode, file: File) =>
  uploadRequest<Made>(`/proposals/${id}/change`, {
    method: 'PUT',
    query: { mode },
    body: file,
    contentType: contentTypeOf(file.name),
  });
