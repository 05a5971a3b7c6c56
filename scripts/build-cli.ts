/**
 * The `sheaf` command as a package of its own (cli/): src/cli bundled into one plain JavaScript
 * file, cli/sheaf.mjs, that Node 20 or newer runs with nothing else installed (`npm run
 * build:cli`, then `npm pack` in cli/; cli/README.md).
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the bundle is written: the package's `bin`. */
export const CLI_BUNDLE = path.join(ROOT, 'cli', 'sheaf.mjs');

export async function buildCli(): Promise<void> {
  await build({
    entryPoints: [path.join(ROOT, 'src/cli/main.ts')],
    outfile: CLI_BUNDLE,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildCli();
