#!/usr/bin/env node
// @ts-check
/**
 * The `sheaf` command as `npm install -g .` installs it. The command is TypeScript
 * (src/cli/main.ts), which only a recent Node runs by itself; plain JavaScript here, so that
 * whichever `node` is first on the PATH gets this far. It runs the command with that Node when
 * it strips types, else with the checkout's own Node 24 (the `node` development dependency).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const own = path.join(root, 'node_modules', '.bin', 'node');
const node = process.features.typescript || !existsSync(own) ? process.execPath : own;
const run = spawnSync(node, [path.join(root, 'src', 'cli', 'main.ts'), ...process.argv.slice(2)], {
  stdio: 'inherit',
});
if (run.error) {
  console.error(`sheaf: ${run.error.message}`);
  process.exit(1);
}
process.exit(run.status ?? 1);
