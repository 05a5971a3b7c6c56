import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dockerfile = readFileSync('deploy/Dockerfile', 'utf8');

describe('deploy/Dockerfile', () => {
  it('builds the site for the PUBLIC_SITE_URL given as a build argument', () => {
    // Canonical links and the sitemap carry the build's PUBLIC_SITE_URL (docs/seo.md).
    const declared = dockerfile.search(/^ARG PUBLIC_SITE_URL$/m);
    const build = dockerfile.search(/^RUN npm run build\b/m);
    expect(declared).toBeGreaterThan(-1);
    expect(build).toBeGreaterThan(declared);
  });
});
