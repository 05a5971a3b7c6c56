import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatasetSearchResponse } from '../../../src/contracts/datasets.ts';
import { forgetCounts } from '../../../src/server/services/datasets/counts.ts';
import { createDataset, get, suiteApp, suiteUser } from '../../support/api.ts';

/**
 * No search reads the datasets table row by row (docs/search.md, "Bounds"): the statements a
 * search runs, recorded as the service sends them, are each planned on a few thousand analysed
 * rows, and none of their plans holds a sequential scan of `datasets`.
 */
const t = suiteApp();
const alice = suiteUser(t, 'alice');
const ROWS = 4_000;

type Statement = { text: string; params: unknown[] };
const sent: Statement[] = [];

/** The drivers' session options, whose logger every transaction's statements report to. */
type Session = {
  session: {
    options: { logger?: { logQuery: (text: string, params: unknown[]) => void } };
    client: { query: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }> };
  };
};
const session = () => (t.ctx.db as unknown as Session).session;

beforeAll(async () => {
  await createDataset(t, alice, { name: '哈尔滨气温', description: 'Harbin temperatures' });
  await t.ctx.db.execute(sql`
    insert into datasets (owner_id, name, description, tags, search_text, created_at, updated_at)
    select ${alice.id}, n, d, array['survey'], lower(n || ' ' || d || ' survey'),
      now() - i * interval '1 second', now() - i * interval '1 second'
    from generate_series(1, ${ROWS}) i,
      lateral (select (array['Rainfall', 'Traffic', 'Population', '上海人口', '北京交通'])[i % 5 + 1]
        || ' ' || i as n, 'readings ' || md5(i::text) || ' 城市数据' as d) f`);
  // As autovacuum leaves it: statistics, and the GIN indexes' pending entries merged.
  await t.ctx.db.execute(sql`vacuum analyze datasets`);
  session().options.logger = { logQuery: (text, params) => sent.push({ text, params }) };
}, 120_000);

beforeEach(() => {
  forgetCounts(t.ctx.db);
  sent.length = 0;
});

const search = async (query: string) =>
  (
    await get(t, `/datasets/search?query=${encodeURIComponent(query)}`)
  ).json<DatasetSearchResponse>();

/** The statements sent on `datasets` (not the transaction's begin, time limit and commit). */
const onDatasets = () => sent.filter((s) => /\bdatasets\b/.test(s.text));

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
};
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** Every node of each statement's plan, planned with the parameters it was sent with. */
async function plans(statements: Statement[]): Promise<PlanNode[][]> {
  const found: PlanNode[][] = [];
  for (const { text, params } of statements) {
    const { rows } = await session().client.query(`explain (format json) ${text}`, params);
    const [row] = rows as Record<string, [{ Plan: PlanNode }]>[];
    found.push(nodesOf(Object.values(row!)[0]![0].Plan));
  }
  return found;
}

/**
 * A plan node that reads every dataset: a sequential scan of the table, or a walk of one of its
 * indexes bounded by nothing but `listed` (a heat or date order walked in search of matches).
 */
const readsEverything = (n: PlanNode) =>
  (n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'datasets') ||
  (n['Index Name']?.startsWith('datasets_') === true &&
    (n['Index Cond'] === undefined || n['Index Cond'] === '(listed = true)'));
const scansDatasets = (nodes: PlanNode[]) => nodes.some(readsEverything);

describe('a search that matches nothing', () => {
  it.each(['哈尔滨冰雪节', '上海空气质量', '哈尔滨 qzxvwk', 'ｑｚ 冰雪'])(
    'looks for no near misses for %s and scans nothing',
    async (query) => {
      const body = await search(query);
      expect(body.total).toBe(0);
      expect(body.similar).toBeUndefined();
      const statements = onDatasets();
      expect(statements.length).toBeGreaterThan(0);
      expect(statements.some((s) => s.text.includes('<%'))).toBe(false);
      for (const nodes of await plans(statements)) expect(scansDatasets(nodes)).toBe(false);
    },
  );

  it('looks for near misses of an English word through the trigram index only', async () => {
    const body = await search('qzxvwkplm');
    expect(body.total).toBe(0);
    const statements = onDatasets();
    expect(statements.some((s) => s.text.includes('<%'))).toBe(true);
    for (const nodes of await plans(statements)) expect(scansDatasets(nodes)).toBe(false);
  });

  it('reads no page of a list in another order, only its count', async () => {
    const res = await get(t, `/datasets?query=${encodeURIComponent('哈尔滨冰雪节')}&sort=recent`);
    expect(res.json<DatasetSearchResponse>().total).toBe(0);
    const statements = onDatasets();
    expect(statements.some((s) => s.text.includes('order by'))).toBe(false);
    for (const nodes of await plans(statements)) expect(scansDatasets(nodes)).toBe(false);
  });

  it('is answered from the cache the second time, reading nothing', async () => {
    for (const query of ['哈尔滨冰雪节', 'qzxvwkplm']) {
      await search(query);
      sent.length = 0;
      expect((await search(query)).total).toBe(0);
      expect(onDatasets()).toEqual([]);
    }
  });
});

describe('a search that matches one dataset', () => {
  it.each(['', '&sort=recent', '&sort=heat'])('finds it from the indexes (%s)', async (sort) => {
    const res = await get(t, `/datasets?query=${encodeURIComponent('哈尔滨')}${sort}`);
    expect(res.json<DatasetSearchResponse>().datasets.map((d) => d.name)).toEqual(['哈尔滨气温']);
    for (const nodes of await plans(onDatasets())) expect(scansDatasets(nodes)).toBe(false);
  });

  it('finds a near miss of an English word from the trigram index', async () => {
    const body = await search('harbinn');
    expect(body.similar).toBe(true);
    for (const nodes of await plans(onDatasets())) expect(scansDatasets(nodes)).toBe(false);
  });
});
