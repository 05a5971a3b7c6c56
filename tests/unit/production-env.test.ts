import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Which React build a fresh Node process loads after the server's entry preamble. */
const reactBuildAfter = (preamble: string, env: NodeJS.ProcessEnv) => {
  const script = `${preamble}
const { createRequire } = await import('node:module');
const require = createRequire(process.cwd() + '/package.json');
require('react');
require('react-dom/server');
console.log(Object.keys(require.cache).filter((k) => /react(-dom-server\\.node)?\\.(development|production)\\.js$/.test(k)).map((k) => k.split('/').pop()).join(','));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env,
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  return run.stdout.trim();
};

const withoutNodeEnv = () => {
  const env = { ...process.env };
  delete env['NODE_ENV'];
  return env;
};

describe('the server runs React in production mode', () => {
  it('main.ts imports the production preamble before anything else', () => {
    const firstImport = /^import\s+['"]([^'"]+)['"]/m.exec(
      readFileSync('src/server/main.ts', 'utf8'),
    );
    expect(firstImport?.[1]).toBe('./production-env.ts');
  });

  it('after the preamble, React and React DOM server load their production builds', () => {
    const loaded = reactBuildAfter(
      "await import('./src/server/production-env.ts');",
      withoutNodeEnv(),
    );
    expect(loaded).toContain('react.production.js');
    expect(loaded).not.toContain('development');
  });

  it('without it, Node would load the development build (the check can fail)', () => {
    expect(reactBuildAfter('', withoutNodeEnv())).toContain('react.development.js');
  });
});
