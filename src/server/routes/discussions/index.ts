import { z } from 'zod';
import { errors } from '../errors.ts';
import { limitBody } from '../body-limit.ts';
import { datasetIdParamsSchema } from '../../../contracts/datasets.ts';
import {
  commentIdParamsSchema,
  commentSchema,
  createCommentBodySchema,
  createDiscussionBodySchema,
  discussionIdParamsSchema,
  discussionListQuerySchema,
  discussionListSchema,
  discussionSchema,
  reportBodySchema,
  reportListSchema,
  updateCommentBodySchema,
  updateDiscussionBodySchema,
} from '../../../contracts/discussions.ts';
import { getDiscussion, listDiscussions } from '../../services/discussions/read.ts';
import { listReports, reportComment } from '../../services/discussions/reports.ts';
import {
  addComment,
  createDiscussion,
  deleteComment,
  deleteDiscussion,
  updateComment,
  updateDiscussion,
} from '../../services/discussions/write.ts';
import type { RoutesPlugin } from '../types.ts';

const tags = ['discussions'];
const security = [{ bearer: [] }];
/** A thread's or comment's JSON body: its text at most 20 000 characters, 4 bytes each. */
const BODY_BYTES_MAX = 128 * 1024;
const limited = {
  preParsing: async (
    request: Parameters<typeof limitBody>[0],
    _reply: unknown,
    payload: Parameters<typeof limitBody>[1],
  ) => limitBody(request, payload, BODY_BYTES_MAX),
};
const hidden404 =
  'A thread of a dataset the caller may not see, or a hidden one (seen only by the dataset owner and its author), is 404 DISCUSSION_NOT_FOUND.';

/** Threads of a dataset: list and start one; and the owner's reports. */
const datasetThreadRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/datasets/:id/discussions',
    {
      schema: {
        tags,
        summary: "A dataset's discussion threads, newest first",
        description:
          'Guests see the threads of public datasets; hidden threads are listed only to the dataset owner and their author. A dataset the caller may not see is 404 DATASET_NOT_FOUND.',
        params: datasetIdParamsSchema,
        querystring: discussionListQuerySchema,
        response: { 200: discussionListSchema, ...errors(400, 404) },
      },
    },
    async (request) =>
      listDiscussions(ctx, request.params.id, request.viewer?.id ?? null, request.query),
  );

  app.post(
    '/datasets/:id/discussions',
    {
      ...limited,
      schema: {
        tags,
        security,
        summary: 'Start a discussion thread on a dataset',
        description:
          'title at most 200 characters, body (Markdown) at most 20 000. `@username` in the body notifies that user (discussion.mention); the dataset owner is notified (discussion.comment).',
        params: datasetIdParamsSchema,
        body: createDiscussionBodySchema,
        response: { 201: discussionSchema, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const thread = await createDiscussion(ctx, viewer.id, request.params.id, request.body);
      return reply.status(201).send(thread);
    },
  );

  app.get(
    '/datasets/:id/reports',
    {
      schema: {
        tags,
        security,
        summary: 'Reports of comments on your dataset, newest first',
        description:
          "Owner only: someone else's public dataset is 403 FORBIDDEN, a private one 404 DATASET_NOT_FOUND.",
        params: datasetIdParamsSchema,
        response: { 200: reportListSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return listReports(ctx, viewer.id, request.params.id);
    },
  );
};

/** One thread: read it, reply, change or delete it. */
const threadRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/discussions/:id',
    {
      schema: {
        tags,
        summary: 'A discussion thread with its replies, oldest first',
        description: `Hidden replies are shown only to the dataset owner and their author, marked \`hidden\`. ${hidden404}`,
        params: discussionIdParamsSchema,
        response: { 200: discussionSchema, ...errors(400, 404) },
      },
    },
    async (request) => getDiscussion(ctx, request.params.id, request.viewer?.id ?? null),
  );

  app.post(
    '/discussions/:id/comments',
    {
      ...limited,
      schema: {
        tags,
        security,
        summary: 'Reply in a discussion thread',
        description: `body (Markdown) at most 20 000 characters. A locked thread takes replies from the dataset owner alone: 403 DISCUSSION_LOCKED. Notifies the owner, the thread's author and those who replied (discussion.comment) and the users mentioned (discussion.mention), each once. ${hidden404}`,
        params: discussionIdParamsSchema,
        body: createCommentBodySchema,
        response: { 201: commentSchema, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      const comment = await addComment(ctx, viewer.id, request.params.id, request.body.body);
      return reply.status(201).send(comment);
    },
  );

  app.patch(
    '/discussions/:id',
    {
      ...limited,
      schema: {
        tags,
        security,
        summary: 'Edit, close, lock or hide a discussion thread',
        description: `title and body by the thread's author (else 403 NOT_AUTHOR); state, locked and hidden by the dataset owner (else 403 NOT_DATASET_OWNER). ${hidden404}`,
        params: discussionIdParamsSchema,
        body: updateDiscussionBodySchema,
        response: { 200: discussionSchema, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return updateDiscussion(ctx, viewer.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/discussions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete your discussion thread, with its replies',
        description: `Its author only (else 403 NOT_AUTHOR). ${hidden404}`,
        params: discussionIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      await deleteDiscussion(ctx, viewer.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

const commentMissing =
  'A comment the caller may not see (in a thread they may not see, or hidden) is 404 COMMENT_NOT_FOUND.';

/** One comment: edit, hide, delete or report it. */
const commentRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.patch(
    '/comments/:id',
    {
      ...limited,
      schema: {
        tags,
        security,
        summary: 'Edit or hide a comment',
        description: `body by its author (else 403 NOT_AUTHOR); hidden by the dataset owner (else 403 NOT_DATASET_OWNER). ${commentMissing}`,
        params: commentIdParamsSchema,
        body: updateCommentBodySchema,
        response: { 200: commentSchema, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return updateComment(ctx, viewer.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/comments/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete your comment',
        description: `Its author only (else 403 NOT_AUTHOR). ${commentMissing}`,
        params: commentIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      await deleteComment(ctx, viewer.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/comments/:id/report',
    {
      ...limited,
      schema: {
        tags,
        security,
        summary: "Report a comment to the dataset's owner",
        description: `reason (optional) at most 1 000 characters; reporting again replaces it. The owner lists reports at GET /datasets/{id}/reports. ${commentMissing}`,
        params: commentIdParamsSchema,
        body: reportBodySchema,
        response: { 204: z.null().describe('Reported'), ...errors(400, 401, 404, 413) },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      await reportComment(ctx, viewer.id, request.params.id, request.body.reason);
      return reply.status(204).send(null);
    },
  );
};

/** Discussions on datasets (docs/discussions.md). */
export const discussionsRoutes: RoutesPlugin = async (app, options) => {
  await datasetThreadRoutes(app, options);
  await threadRoutes(app, options);
  await commentRoutes(app, options);
};
