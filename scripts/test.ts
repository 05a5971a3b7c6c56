/**
 * `npm test`: every check in order — types, lint, dead code (knip), format, unit and API tests
 * (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), the production build, the JavaScript
 * budget, browser tests — then one closing line with the test totals (`N passed, M failed,
 * F flaky`), the browser tests that passed only on a retry named above it.
 * `npm test -- <step>` runs one step (`types`, `lint`, `dead code`, `unit+api`, `browser`, …).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

type Counts = { passed: number; failed: number; flaky?: string[] };
type Step = { name: string; cmd: string[]; results?: () => Counts };
type Suite = {
  title: string;
  suites?: Suite[];
  specs?: { title: string; tests: { projectName?: string; status: string }[] }[];
};

const vitestJson = 'test-results/vitest.json';
const e2eJson = 'test-results/e2e.json';
mkdirSync('test-results', { recursive: true });
for (const f of [vitestJson, e2eJson]) rmSync(f, { force: true });

const readJson = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const only = process.argv[2];

/** The tests Playwright passed only on a retry, as "file › describe › title [project]". */
function flakyTitles(suites: Suite[], path: string[] = []): string[] {
  return suites.flatMap((suite) => {
    const here = suite.title ? [...path, suite.title] : path;
    const specs = (suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'flaky')
        .map((test) => {
          const project = test.projectName ? ` [${test.projectName}]` : '';
          return [...here, spec.title].join(' › ') + project;
        }),
    );
    return [...specs, ...flakyTitles(suite.suites ?? [], here)];
  });
}

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
        suites?: Suite[];
      };
      const flaky = flakyTitles(r.suites ?? []);
      // The count stands even if a title could not be found in the suites.
      while (flaky.length < r.stats.flaky) flaky.push('(a test Playwright counted as flaky)');
      return { passed: r.stats.expected, failed: r.stats.unexpected, flaky };
    },
  },
];

let passed = 0;
let failed = 0;
const flaky: string[] = [];
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
    flaky.push(...(counts.flaky ?? []));
  }
  if (run.status !== 0) {
    broken++;
    console.error(`::: ${step.name} failed (exit ${run.status ?? run.signal})`);
    if (!counts) failed++;
  }
}
// A test that passed only when retried is reported by name, not counted as passed.
if (flaky.length > 0) {
  console.log(`\n::: flaky (passed only on a retry):`);
  for (const title of flaky) console.log(`  ${title}`);
}
console.log(`\n${passed} passed, ${failed} failed, ${flaky.length} flaky`);
process.exit(broken > 0 || failed > 0 ? 1 : 0);
