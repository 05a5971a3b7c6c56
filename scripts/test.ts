/**
 * `npm test`: every check in order — types, lint, dead code (knip), format, unit and API tests
 * (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), the production build, the JavaScript
 * budget, browser tests — then one closing line with the test totals.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

type Step = { name: string; cmd: string[]; results?: () => { passed: number; failed: number } };

const vitestJson = 'test-results/vitest.json';
const e2eJson = 'test-results/e2e.json';
mkdirSync('test-results', { recursive: true });
for (const f of [vitestJson, e2eJson]) rmSync(f, { force: true });

const readJson = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const only = process.argv[2];

const steps: Step[] = [
  { name: 'types', cmd: ['astro', 'check', '--minimumSeverity', 'warning'] },
  { name: 'lint', cmd: ['eslint', '.', '--max-warnings', '0'] },
  { name: 'dead code', cmd: ['knip', '--no-progress', '--treat-config-hints-as-errors'] },
  { name: 'format', cmd: ['prettier', '--check', '--log-level', 'warn', '.'] },
  {
    name: 'unit+api',
    cmd: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`],
    results: () => {
      if (!existsSync(vitestJson)) return { passed: 0, failed: 1 };
      const r = readJson(vitestJson) as { numPassedTests: number; numFailedTests: number };
      return { passed: r.numPassedTests, failed: r.numFailedTests };
    },
  },
  { name: 'build', cmd: ['astro', 'build'] },
  // The server bundle `npm start` runs; the deployment tests start their origins from it.
  { name: 'bundle', cmd: ['node', 'scripts/bundle-server.ts'] },
  // Pages without islands ship no JavaScript (docs/seo.md, "JavaScript budget").
  { name: 'budget', cmd: ['node', 'scripts/js-budget.ts'] },
  {
    name: 'browser',
    cmd: ['playwright', 'test', '--reporter=list,json'],
    results: () => {
      if (!existsSync(e2eJson)) return { passed: 0, failed: 1 };
      const r = readJson(e2eJson) as {
        stats: { expected: number; unexpected: number; flaky: number };
      };
      return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected };
    },
  },
];

let passed = 0;
let failed = 0;
let broken = 0;
for (const step of steps) {
  if (only && step.name !== only) continue;
  console.log(`\n::: ${step.name}: ${step.cmd.join(' ')}`);
  const run = spawnSync('npx', ['--no-install', ...step.cmd], {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson, FORCE_COLOR: '0' },
  });
  const counts = step.results?.();
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
  }
  if (run.status !== 0) {
    broken++;
    console.error(`::: ${step.name} failed (exit ${run.status ?? run.signal})`);
    if (!counts) failed++;
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken > 0 || failed > 0 ? 1 : 0);
