import { datasetIdParamsSchema } from '../../../contracts/datasets.ts';
import {
  createProposalBodySchema,
  createProposalQuerySchema,
  proposalChangeQuerySchema,
  proposalIdParamsSchema,
  proposalListQuerySchema,
  proposalListSchema,
  proposalRowsQuerySchema,
  proposalRowsSchema,
  proposalSchema,
  updateProposalBodySchema,
} from '../../../contracts/proposals.ts';
import { mergeProposal } from '../../services/proposals/merge.ts';
import { getProposal, listProposals } from '../../services/proposals/read.ts';
import { proposalRows } from '../../services/proposals/rows.ts';
import { changeProposal, updateProposal } from '../../services/proposals/update.ts';
import { limitBody } from '../body-limit.ts';
import { acceptMultipart } from '../datasets/multipart.ts';
import { acceptUploads, uploadDescription } from '../datasets/uploads.ts';
import { errors } from '../errors.ts';
import type { RoutesPlugin } from '../types.ts';
import { createProposal, proposedContent } from './create.ts';

const tags = ['proposals'];
const security = [{ bearer: [] }];
/** A proposal's JSON change (title, body, state): its text at most 20 000 characters. */
const BODY_BYTES_MAX = 128 * 1024;
const limited = {
  preParsing: async (
    request: Parameters<typeof limitBody>[0],
    _reply: unknown,
    payload: Parameters<typeof limitBody>[1],
  ) => limitBody(request, payload, BODY_BYTES_MAX),
};
const hidden404 =
  "A proposal on a dataset the caller may not see (a private one: everyone but its owner, the proposal's author too) is 404 PROPOSAL_NOT_FOUND.";
const patchErrors =
  'The checks and errors of patch versions apply: 400 INVALID_TABLE, PATCH_COLUMNS_MISMATCH, PATCH_TYPE_MISMATCH, KEY_REQUIRED, KEY_NOT_FOUND, DUPLICATE_KEY, EMPTY_KEY.';

/** A dataset's proposals: list them and make one. */
const datasetProposalRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/datasets/:id/proposals',
    {
      schema: {
        tags,
        summary: "A dataset's proposals in a state, newest first",
        description:
          '`state` open (the default), merged, closed or all. A dataset the caller may not see is 404 DATASET_NOT_FOUND.',
        params: datasetIdParamsSchema,
        querystring: proposalListQuerySchema,
        response: { 200: proposalListSchema, ...errors(400, 404) },
      },
    },
    async (request) =>
      listProposals(ctx, request.params.id, request.viewer?.id ?? null, request.query),
  );

  app.post(
    '/datasets/:id/proposals',
    {
      config: { streamedTable: true, tableBody: true },
      schema: {
        tags,
        security,
        summary: 'Propose a change to a public dataset',
        description: `Signed in, not the owner (403 PROPOSAL_OWN_DATASET); a dataset the caller may not see, or a private one, is 404 DATASET_NOT_FOUND. Without \`mode\`: JSON \`{"title","body","fork_id","fork_version"}\`, a version of a fork the caller owns of this dataset (else 400 PROPOSAL_FORK_INVALID), proposed as it is. With \`mode=append|upsert|delete|replace\` and \`title\` (and \`body\`) in the query: the body is a table as for a patch version (\`attributes\` + \`entries\`), a patch of the latest version or, for \`replace\`, the whole proposed table. ${uploadDescription} ${patchErrors} The base version is the dataset's latest version at the time. Tells the owner (proposal.opened).`,
        params: datasetIdParamsSchema,
        querystring: createProposalQuerySchema,
        body: createProposalBodySchema.nullish(),
        response: { 201: proposalSchema, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const proposal = await createProposal(ctx, viewer.id, request.params.id, request);
      return reply.status(201).send(proposal);
    },
  );
};

/** One proposal: read it and its rows. */
const proposalReadRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/proposals/:id',
    {
      schema: {
        tags,
        summary: 'A proposal, with its conflicts with the latest version',
        description: `\`conflicts\` (at most 100): with the dataset's key, each row both sides changed differently \`{"key","base","latest","proposed"}\` (rows as objects, null where absent); without a key, rows the proposal removes that the latest version removed or changed (\`{"key":null,"base":row,"latest":null,"proposed":null}\`); when both sides changed the columns differently, first one \`{"columns":true,"key":null,…}\` whose rows are each side's column → type. ${hidden404}`,
        params: proposalIdParamsSchema,
        response: { 200: proposalSchema, ...errors(400, 404) },
      },
    },
    async (request) => getProposal(ctx, request.params.id, request.viewer?.id ?? null),
  );

  app.get(
    '/proposals/:id/rows',
    {
      schema: {
        tags,
        summary: 'A page of the rows a proposal adds, removes or changes',
        description: `Base version → proposed table, as \`GET /datasets/{id}/compare/rows\` answers: \`from\` the base's row, \`to\` the proposed one; rows paired by the dataset's key (\`changed\` is empty without one). ${hidden404}`,
        params: proposalIdParamsSchema,
        querystring: proposalRowsQuerySchema,
        response: { 200: proposalRowsSchema, ...errors(400, 404) },
      },
    },
    async (request) =>
      proposalRows(ctx, request.params.id, request.viewer?.id ?? null, request.query),
  );
};

/** One proposal: change, update or merge it. */
const proposalWriteRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.patch(
    '/proposals/:id',
    {
      ...limited,
      schema: {
        tags,
        security,
        summary: 'Edit, close, reopen or re-point a proposal',
        description: `title, body and fork_version by its author (else 403 NOT_AUTHOR); state (\`closed\`, \`open\`) by its author or the dataset owner (else 403 PROPOSAL_NOT_PARTY); a merged proposal changes no more (409 PROPOSAL_NOT_OPEN). Closing tells the author (proposal.closed) unless they closed it. ${hidden404}`,
        params: proposalIdParamsSchema,
        body: updateProposalBodySchema,
        response: { 200: proposalSchema, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return updateProposal(ctx, viewer.id, request.params.id, request.body);
    },
  );

  app.put(
    '/proposals/:id/change',
    {
      config: { streamedTable: true, tableBody: true },
      schema: {
        tags,
        security,
        summary: "Update a proposal's change, rebased on the latest version",
        description: `Its author only (403 NOT_AUTHOR), not once merged (409 PROPOSAL_NOT_OPEN), not a fork's proposal (400 PROPOSAL_MODE_MISMATCH: PATCH fork_version instead). The body as when proposing with \`mode\`; the base becomes the latest version. ${patchErrors} ${hidden404}`,
        params: proposalIdParamsSchema,
        querystring: proposalChangeQuerySchema,
        body: createProposalBodySchema.nullish(),
        response: { 200: proposalSchema, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const { mode, content } = await proposedContent(request, proposalChangeQuerySchema);
      return changeProposal(ctx, viewer.id, request.params.id, mode, content);
    },
  );

  app.post(
    '/proposals/:id/merge',
    {
      schema: {
        tags,
        security,
        summary: 'Merge a proposal: publish it as the next version',
        description: `The dataset owner only (403 PROPOSAL_MERGE_OWNER). While the base is the latest version, the proposed table is published as it is; else the proposal's change (base → proposed: rows added and changed put by key, removed keys deleted; without a key, whole rows) is applied to the latest version. 409 PROPOSAL_CONFLICTS while conflicts remain, PROPOSAL_NOT_OPEN when merged or closed, VERSION_CONFLICT when another version was published meanwhile. The version's changelog and change summary (\`proposal\`) name the proposal and its author; the author is told (proposal.merged). ${hidden404}`,
        params: proposalIdParamsSchema,
        response: { 200: proposalSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return mergeProposal(ctx, viewer.id, request.params.id);
    },
  );
};

/** Proposals of changes to datasets (docs/proposals.md). */
export const proposalsRoutes: RoutesPlugin = async (app, options) => {
  // Tables are sent as patch versions send them: streamed, as a form, or as JSON.
  acceptUploads(app, options.ctx.config.limits.maxUploadBytes);
  await acceptMultipart(app, options.ctx.config.limits.maxUploadBytes);
  await datasetProposalRoutes(app, options);
  await proposalReadRoutes(app, options);
  await proposalWriteRoutes(app, options);
};
