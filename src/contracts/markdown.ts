import { z } from 'zod';
import { readmeSchema } from './datasets.ts';

/** POST /markdown: a dataset card's text, to preview it as the dataset page will show it. */
export const markdownPreviewBodySchema = z.object({ markdown: readmeSchema });

export const markdownPreviewSchema = z.object({
  html: z.string().describe('The card as the dataset page shows it: sanitised HTML'),
});
