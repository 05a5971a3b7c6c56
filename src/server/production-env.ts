/**
 * Imported first by every production entry (`src/server/main.ts`): React and other libraries
 * choose their production build from `NODE_ENV` when they are first loaded, so it must be set
 * before anything imports them. An explicit `NODE_ENV` (tests, development) is kept.
 */
process.env['NODE_ENV'] ??= 'production';

export {};
