import { sql } from 'drizzle-orm';
import { datasets, discussions } from '../../db/schema.ts';

/**
 * A dataset's open threads everyone sees (not proposals' threads), for its detail (`discussion_count`): the partial
 * index discussions_dataset_open_idx holds exactly these rows, so the count reads only them.
 */
export const openDiscussionCount = sql<number>`(select count(*)::int from ${discussions} where ${discussions.datasetId} = ${datasets.id} and ${discussions.state} = 'open' and not ${discussions.hidden} and ${discussions.kind} = 'thread')`;

/** A detail row with its count of open threads. */
export type Discussed = { discussionCount: number };
