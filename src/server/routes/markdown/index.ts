import { errors } from '../errors.ts';
import { markdownPreviewBodySchema, markdownPreviewSchema } from '../../../contracts/markdown.ts';
import { renderMarkdown } from '../../markdown.ts';
import type { RoutesPlugin } from '../types.ts';

/** /markdown: the dataset forms' card preview, rendered by the dataset page's own renderer. */
export const markdownRoutes: RoutesPlugin = async (app) => {
  app.post(
    '/markdown',
    {
      schema: {
        tags: ['datasets'],
        security: [{ bearer: [] }],
        summary: 'Preview a dataset card',
        description:
          'Renders Markdown (CommonMark with GitHub tables, task lists and autolinks) exactly as the dataset page shows a card: raw HTML is shown as text, only http(s), mailto and relative links are kept, headings start at level 3. For signed-in users; at most 64 KB.',
        body: markdownPreviewBodySchema,
        response: {
          200: markdownPreviewSchema,
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      await request.requireViewer();
      return { html: renderMarkdown(request.body.markdown) };
    },
  );
};
