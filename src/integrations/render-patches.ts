/**
 * Build step: two rewrites of Astro's server code in the server bundle, for work it repeats on
 * every request although the answer never changes. Each throws at build time when the code it
 * rewrites is no longer there (an upgrade changed it), so a patch is never silently lost. See
 * docs/performance.md ("Server-rendered pages, second pass").
 *
 * - Astro hashes a page's inline stylesheets and scripts for its Content-Security-Policy on
 *   every request (SHA-256 through WebCrypto); the page's inlined CSS alone is 26 KB. Each text
 *   is now hashed once and its digest kept (the first 256 distinct texts; others each time).
 * - Before rendering a component from an Astro file, Astro asks the React renderer whether the
 *   component is React's, and the renderer finds out by calling it inside an extra
 *   `renderToString`: twice the work for every island. React is this site's only framework, so
 *   every function component that reaches that test is React's.
 */
import type { AstroIntegration } from 'astro';

type Patch = { module: RegExp; find: string; replace: (code: string) => string };

const DIGEST = 'async function generateCspDigest(data, algorithm) {';
const REACT_TEST = 'let isReactComponent = false;';

export const PATCHES: Patch[] = [
  {
    module: /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/,
    find: DIGEST,
    replace: (
      code,
    ) => `${code.replace(DIGEST, 'async function computeCspDigest(data, algorithm) {')}
const keptCspDigests = new Map();
function generateCspDigest(data, algorithm) {
  if (typeof data !== 'string') return computeCspDigest(data, algorithm);
  let byText = keptCspDigests.get(algorithm);
  const kept = byText?.get(data);
  if (kept) return kept;
  const digest = computeCspDigest(data, algorithm);
  if (!byText) keptCspDigests.set(algorithm, (byText = new Map()));
  if (byText.size < 256) {
    byText.set(data, digest);
    digest.catch(() => byText.delete(data));
  }
  return digest;
}
`,
  },
  {
    module: /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/,
    find: REACT_TEST,
    replace: (code) => code.replace(REACT_TEST, `return true;\n  ${REACT_TEST}`),
  },
];

/** `code` of the module `id` with its patch applied; unchanged when no patch is for it. */
export function applyPatches(code: string, id: string): string | null {
  const patch = PATCHES.find((p) => p.module.test(id));
  if (!patch) return null;
  if (!code.includes(patch.find)) {
    throw new Error(`render-patches: ${id} no longer contains "${patch.find}"`);
  }
  return patch.replace(code);
}

export default function renderPatches(): AstroIntegration {
  return {
    name: 'sheaf-render-patches',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'sheaf-render-patches',
                transform(code: string, id: string) {
                  const patched = applyPatches(code, id);
                  return patched === null ? null : { code: patched, map: null };
                },
              },
            ],
          },
        });
      },
    },
  };
}
