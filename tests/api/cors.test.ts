import { describe, expect, it } from 'vitest';
import { addUser, createDataset, suiteApp } from '../support/api.ts';

const site = 'https://sheaf.example';
const t = suiteApp({ PUBLIC_SITE_URL: site, PUBLIC_API_BASE: 'https://api.sheaf.example' });

describe('cross-origin requests', () => {
  it('any origin may read public data without credentials, and read its download headers', async () => {
    const alice = await addUser(t, 'alice');
    const d = await createDataset(t, alice);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/datasets/${d.id}/versions/1/download?format=csv`,
      headers: { origin: 'https://notebook.example', range: 'bytes=0-9' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers['access-control-expose-headers'])).toContain('Content-Range');
  });

  it('another origin gets GET and HEAD in a preflight, the site every method with credentials', async () => {
    const other = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/datasets',
      headers: {
        origin: 'https://notebook.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, range',
      },
    });
    expect(other.statusCode).toBe(204);
    expect(other.headers['access-control-allow-origin']).toBe('*');
    expect(other.headers['access-control-allow-methods']).toBe('GET, HEAD');
    expect(String(other.headers['access-control-allow-headers']).toLowerCase()).toContain(
      'authorization',
    );
    const own = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/datasets/1',
      headers: { origin: site, 'access-control-request-method': 'DELETE' },
    });
    expect(own.headers['access-control-allow-origin']).toBe(site);
    expect(own.headers['access-control-allow-credentials']).toBe('true');
    expect(own.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
  });
});
