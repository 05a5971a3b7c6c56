/**
 * The id of the build this code belongs to: PUBLIC_BUILD_ID, set once per `astro build` by
 * astro.config.mjs (or given by the deploy) and baked into every bundle and into /build.json.
 */
export const BUILD_ID: string = (() => {
  const id: unknown = import.meta.env.PUBLIC_BUILD_ID;
  return typeof id === 'string' && id !== '' ? id : 'dev';
})();
