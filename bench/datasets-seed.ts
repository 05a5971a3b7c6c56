import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../src/server/db/client.ts';

/**
 * Seed of the datasets benchmark: users, datasets (names, descriptions and tags from word lists,
 * half Chinese, half English, 90 % public) with one version each. The search index is filled by
 * the database's own trigger, as for any write. Statements are separated by blank lines.
 */
function seedSql(datasets: number, users: number): string {
  return `
insert into users (username, email, nickname)
select 'user' || i, 'user' || i || '@example.com', '用户' || i from generate_series(1, ${users}) i;

insert into blobs (sha256, byte_size) values (repeat('ab', 32), 1234);

with words as (
  select
    array['中国','上海','北京','全球','城市','省级','年度','月度'] zh_place,
    array['人口普查','空气质量','交通流量','房价','降水量','国内生产总值','教育统计','医疗资源'] zh_topic,
    array['World','City','Global','Regional','Annual','Daily','Open','National'] en_place,
    array['population','air quality','traffic','housing prices','rainfall','GDP','education','health'] en_topic,
    array['人口','环境','交通','经济','气候','教育','医疗','城市',
          'census','climate','traffic','economy','health','education','housing','weather'] tag
), rows as (
  select i,
    case when i % 2 = 0
      then zh_place[1 + i % 8] || zh_topic[1 + (i / 8) % 8] || '数据 ' || i
      else en_place[1 + i % 8] || ' ' || en_topic[1 + (i / 8) % 8] || ' data ' || i end as name,
    case when i % 2 = 0
      then '本数据集收录' || zh_place[1 + (i / 3) % 8] || '的' || zh_topic[1 + (i / 5) % 8] || '记录，按年份整理。'
      else 'Records of ' || en_topic[1 + (i / 5) % 8] || ' in ' || en_place[1 + (i / 3) % 8] || ' areas, by year.' end as description,
    array[tag[1 + i % 16], tag[1 + (i / 16) % 16]] as tags
  from generate_series(1, ${datasets}) i, words
)
insert into datasets (owner_id, name, description, language, is_public, tags, heat, average_score,
  rating_count, download_count, latest_version, search_text, created_at, updated_at)
select 1 + i % ${users}, name, description,
  case when i % 2 = 0 then 'zh-CN' else 'en-US' end,
  i % 10 <> 0, tags, random() * 10, round((random() * 5)::numeric, 2), (random() * 50)::int,
  (random() * 1000)::int, 1, lower(name || ' ' || description || ' ' || array_to_string(tags, ' ')),
  now() - i * interval '1 minute', now() - i * interval '1 minute'
from rows;

insert into dataset_versions (dataset_id, version, changelog, attributes, attribute_types,
  entries_count, byte_size, sha256, preview)
select id, 1, 'initial', '["城市","value"]', '{"城市":"string","value":"integer"}', 100, 1234,
  repeat('ab', 32), '[["北京",1]]'
from datasets;

vacuum analyze;
`;
}

/**
 * Runs the seed's statements: on a server, on a connection of their own, as the pool's
 * statements give up after a minute (src/server/db/pool.ts) and a million rows take longer.
 */
export async function seed(database: Database, datasets: number, users: number): Promise<void> {
  const statements = seedSql(datasets, users)
    .split(/;\s*\n\s*\n/)
    .filter((statement) => statement.trim());
  if (!database.url) {
    for (const statement of statements) await database.db.execute(sql.raw(statement));
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}
