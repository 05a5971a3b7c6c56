/**
 * Response serialisation of a list of 20 datasets (GET /datasets): the zod serialiser (check,
 * then JSON.stringify) against the fast path compiled from the same schema.
 */
import { datasetListResponseSchema } from '../src/contracts/datasets.ts';
import { createResponseSerializer } from '../src/server/plugins/serializer.ts';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { BenchReport } from './report.ts';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 20_000);

const dataset = (id: number) => ({
  id,
  name: `城市人口 ${id}`,
  description: '各城市的常住人口与面积，按年份更新。'.repeat(3),
  language: 'zh-CN',
  owner_id: 7,
  owner: {
    id: 7,
    username: 'alice',
    nickname: '爱丽丝',
    avatar: '',
    bio: '数据爱好者',
    is_verified: false,
    created_at: '2026-10-01T08:00:00.000Z',
    last_login_at: null,
  },
  is_public: true,
  allow_fork: true,
  tags: ['人口', 'census', '城市'],
  heat: 12.5,
  average_score: 4.2,
  rating_count: 12,
  download_count: 340,
  favorite_count: 25,
  fork_count: 3,
  forked_from: null,
  is_fork: false,
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
  latest_version: 3,
});

function timePerCall(serialize: (data: unknown) => string, data: unknown): number {
  for (let i = 0; i < 2000; i++) serialize(data);
  const start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) serialize(data);
  return Number(process.hrtime.bigint() - start) / ROUNDS / 1000;
}

export async function runSerializerBench(): Promise<BenchReport> {
  const route = {
    schema: datasetListResponseSchema,
    method: 'GET',
    url: '/datasets',
    httpStatus: '200',
  };
  const zod = serializerCompiler(route) as (data: unknown) => string;
  const fast = createResponseSerializer(false)(route) as (data: unknown) => string;
  const list = {
    datasets: Array.from({ length: 20 }, (_, i) => dataset(i + 1)),
    total: 20,
    offset: 0,
    limit: 20,
    next_cursor: null,
  };
  const same = JSON.stringify(JSON.parse(zod(list))) === JSON.stringify(JSON.parse(fast(list)));
  const zodUs = timePerCall(zod, list);
  const fastUs = timePerCall(fast, list);
  console.log({ zodUs, fastUs, same });
  return {
    title: 'Response serialisation: a list of 20 datasets',
    figures: [
      { label: 'zod check + JSON.stringify', value: `${zodUs.toFixed(1)} µs` },
      {
        label: 'fast path from the schema',
        value: `${fastUs.toFixed(1)} µs (${(zodUs / fastUs).toFixed(2)}× faster)`,
        target: 'faster than zod',
        ok: fastUs < zodUs,
      },
      { label: 'same JSON', value: String(same), ok: same },
    ],
  };
}
