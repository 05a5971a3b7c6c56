import type { z } from 'zod';
import { directionControlIn } from '../lib/visible-text.ts';

/**
 * Refuses single-line text holding a direction control (lib/visible-text.ts), in the wording of
 * INVALID_CHARACTERS, which refuses control characters anywhere: `subject` is what the message
 * names ("Nickname", "Name", "Tag"). For `.superRefine` of a string schema.
 */
export const refuseDirectionControls =
  (subject: string) => (s: string, context: z.core.$RefinementCtx<string>) => {
    const character = directionControlIn(s);
    if (character)
      context.addIssue(`${subject} contains a character that is not allowed (${character})`);
  };
