/**
 * Starts the production server for browser tests on a fresh DATA_DIR, from a private copy of
 * dist/ (so a rebuild during the run cannot change the files under it). Both are removed on exit.
 * Expects `npm run build` to have produced dist/.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags.ts';
import { startE2eOidcProvider } from './oidc.ts';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'sheaf-e2e-'));
// Inside the project, so the copy still resolves packages from node_modules.
// Copies left by runs that were killed are removed (their pid is in the name).
const cache = path.resolve('node_modules/.cache');
mkdirSync(cache, { recursive: true });
for (const name of readdirSync(cache)) {
  const pid = Number(/^sheaf-e2e-dist-(\d+)$/.exec(name)?.[1]);
  if (pid && !isAlive(pid)) rmSync(path.join(cache, name), { recursive: true, force: true });
}
const distDir = path.join(cache, `sheaf-e2e-dist-${process.pid}`);
cpSync('dist', distDir, { recursive: true });
const siteUrl = `http://127.0.0.1:${process.env['PORT'] ?? '8181'}`;
// A real OpenID Connect provider on loopback for the OAuth2 tests (tests/e2e/oauth-*.spec.ts).
const oidc = await startE2eOidcProvider(siteUrl);
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'src/server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn',
    // Parallel browser tests share one address; the limit itself is covered by the API tests.
    RATE_LIMIT_IP_PER_MINUTE: '0',
    RATE_LIMIT_USER_PER_MINUTE: '0',
    PUBLIC_SITE_URL: siteUrl,
    // tests/e2e/webhooks.spec.ts receives its webhooks on loopback.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    OAUTH_PROVIDERS: oidc.providersJson,
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  void oidc.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(distDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
