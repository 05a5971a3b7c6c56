import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TableContent } from '../../../contracts/datasets.ts';
import type { VersionMode } from '../../../contracts/limits.ts';
import {
  createProposalFromForkBodySchema,
  createProposalQuerySchema,
  type CreateProposalQuery,
  type Proposal,
} from '../../../contracts/proposals.ts';
import type { Context } from '../../context.ts';
import { invalidFields } from '../../errors.ts';
import type { DeclaredTypes } from '../../tables/index.ts';
import type { ProposedContent } from '../../services/proposals/content.ts';
import { proposeFork, proposeTable } from '../../services/proposals/create.ts';
import { multipartUpload } from '../datasets/multipart.ts';
import { uploadOf } from '../datasets/uploads.ts';

type ModeFields = { mode?: VersionMode | undefined } & DeclaredTypes;

/**
 * The table a request sends (a multipart form, a streamed body, or JSON `attributes` +
 * `entries`) and the fields beside it (the query, or the form's fields), checked by `schema`.
 */
export async function proposedContent<S extends z.ZodType<ModeFields>>(
  request: FastifyRequest,
  schema: S,
): Promise<{ fields: z.infer<S>; mode: VersionMode; content: ProposedContent }> {
  const form = await multipartUpload(request, schema);
  const fields = form?.fields ?? (request.query as z.infer<S>);
  const upload = form?.upload ?? uploadOf(request);
  const mode = fields.mode ?? 'replace';
  if (upload) return { fields, mode, content: { upload, types: fields } };
  const body = request.body as Partial<TableContent> | null | undefined;
  if (!body || !Array.isArray(body.attributes) || !Array.isArray(body.entries)) {
    throw invalidFields([{ field: 'body', message: 'Send the table: attributes and entries' }]);
  }
  return { fields, mode, content: { json: body as TableContent } };
}

/**
 * POST /datasets/{id}/proposals: a fork's version (JSON, no `mode`) or a table (`mode` and
 * `title` in the query or the form).
 */
export async function createProposal(
  ctx: Context,
  viewerId: number,
  datasetId: number,
  request: FastifyRequest,
): Promise<Proposal> {
  const query = request.query as CreateProposalQuery;
  if (query.mode === undefined && !request.isMultipart() && !uploadOf(request)) {
    const parsed = createProposalFromForkBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      throw invalidFields(
        parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message })),
      );
    }
    return proposeFork(ctx, viewerId, datasetId, parsed.data);
  }
  const { fields, mode, content } = await proposedContent(request, createProposalQuerySchema);
  if (fields.title === undefined) {
    throw invalidFields([{ field: 'title', message: 'A proposal needs a title' }]);
  }
  const text = { title: fields.title, body: fields.body ?? '', mode };
  return proposeTable(ctx, viewerId, datasetId, text, content);
}
