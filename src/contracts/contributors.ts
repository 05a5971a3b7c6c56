import { z } from 'zod';

/** Someone whose proposals were merged into a dataset (docs/proposals.md). */
export const contributorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  merged_count: z.number().int().describe('Their proposals merged into this dataset'),
});
export type Contributor = z.infer<typeof contributorSchema>;
