import type { Context } from '../../context.ts';
import type { Activity } from '../activity.ts';

/** Writes the notifications an activity makes (one per person told). */
export async function notifyOf(_ctx: Context, _activity: Activity): Promise<void> {}
