/**
 * The areas a browser loads with every page (src/i18n/<locale>/index.ts imports them): those
 * the header and the islands of most pages use. Every other area is loaded by the island that
 * needs it (`await loadAreas([...])` at the top of its module, src/i18n/index.ts), or never,
 * when only the server uses it; so a feature's texts do not grow every page's first load.
 */
export const LATE_AREAS = [
  'sql',
  'oauth',
  'debug',
  'webhooks',
  'notifications',
  'discussions',
  'patches',
  'changes',
  'proposals',
] as const;
export type LateArea = (typeof LATE_AREAS)[number];
