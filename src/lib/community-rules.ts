/**
 * Community constants the browser needs, without pulling zod into island bundles: the rating
 * scale and the score leaderboard's minimum of ratings (src/contracts/community.ts holds the
 * server's; tests/unit/community-api.test.ts keeps them equal).
 */
export const RATING_SCORES = [1, 2, 3, 4, 5] as const;
export const LEADERBOARD_MIN_RATINGS = 3;

/**
 * How long the arrow keys rest on a star before the rate control saves its score: stepping from
 * 1 to 5 passes through 2, 3 and 4, which the caller did not mean to save.
 */
export const RATING_STEP_PAUSE_MS = 600;
