import { beforeAll, describe, expect, it } from 'vitest';
import { createDataset, suiteApp, suiteUser } from '../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');

beforeAll(async () => {
  for (let i = 0; i < 5; i++) await createDataset(t, alice, { name: `城市数据 ${i}` });
});

const READS = [
  '/api/v1/datasets',
  '/api/v1/datasets?sort=heat',
  '/api/v1/datasets?query=城市',
  '/api/v1/datasets/search?query=数据',
  '/api/v1/datasets/stats',
];

describe('reads racing with writes', () => {
  // Up to 2,400 reads beside the writes: on a loaded machine the embedded database, which
  // serves one statement at a time, took past the default 30 s (a CI run beside other work).
  it(
    'eight readers listing and searching while datasets are written see no error',
    { timeout: 120_000 },
    async () => {
      let writing = true;
      const failures: string[] = [];
      let reads = 0;
      const reader = async (n: number) => {
        for (let i = n; writing && i < n + 300; i++) {
          const url = READS[i % READS.length]!;
          const res = await t.app.inject({ url });
          reads++;
          if (res.statusCode !== 200)
            failures.push(`${res.statusCode} ${url} ${res.body.slice(0, 200)}`);
          if (failures.length > 20) return;
        }
      };
      const writer = async () => {
        try {
          for (let i = 0; i < 10; i++) {
            const d = await createDataset(t, alice, { name: `并发 ${i}` });
            await t.app.inject({
              method: 'PUT',
              url: `/api/v1/datasets/${d.id}`,
              headers: alice.headers,
              payload: { is_public: i % 2 === 0 },
            });
          }
        } finally {
          writing = false;
        }
      };
      await Promise.all([writer(), ...Array.from({ length: 8 }, (_, n) => reader(n))]);
      expect(failures).toEqual([]);
      expect(reads).toBeGreaterThan(50);
    },
  );
});
