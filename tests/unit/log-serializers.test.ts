import { describe, expect, it } from 'vitest';
import { logSerializers, urlForLog } from '../../src/server/lib/log-serializers.ts';

describe('request log lines', () => {
  it('write a read key, an OAuth code and state as …, and every other parameter as sent', () => {
    expect(urlForLog('/api/v1/datasets/3/versions/1/data.csv?key=rk_secret&limit=5')).toBe(
      '/api/v1/datasets/3/versions/1/data.csv?key=%E2%80%A6&limit=5',
    );
    expect(urlForLog('/auth/callback/github?code=abc&state=xyz')).not.toMatch(/abc|xyz/);
    expect(urlForLog('/api/v1/datasets?q=key%3Dvalue&page=2')).toBe(
      '/api/v1/datasets?q=key%3Dvalue&page=2',
    );
    expect(urlForLog('/health')).toBe('/health');
  });

  it('keep the fields Fastify writes', () => {
    const line = logSerializers.req({
      method: 'GET',
      url: '/x?key=s',
      host: 'example.org',
      ip: '10.0.0.1',
      socket: { remotePort: 5000 },
    });
    expect(line).toEqual({
      method: 'GET',
      url: '/x?key=%E2%80%A6',
      host: 'example.org',
      remoteAddress: '10.0.0.1',
      remotePort: 5000,
    });
  });
});
