import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DatasetView } from '../../src/components/datasets/DatasetView.tsx';
import type { Dataset } from '../../src/contracts/datasets.ts';
import type { Dataset as BrowserDataset } from '../../src/lib/api/types.ts';
import { keysToCamel, keysToSnake } from '../../src/lib/case.ts';
import { wirePublicUser } from '../support/wire.ts';

const at = '2026-03-01T08:00:00.000Z';
const wire: Dataset = {
  id: 42,
  name: 'City populations',
  description: 'Residents of three cities.',
  language: 'zh-CN',
  owner_id: 7,
  owner: { ...wirePublicUser, created_at: at },
  is_public: false,
  allow_fork: true,
  license: 'CC-BY-4.0',
  citation: '@misc{cities}',
  tags: ['人口', 'census'],
  heat: 0,
  average_score: 4.5,
  rating_count: 2,
  download_count: 1234,
  favorite_count: 3,
  fork_count: 1,
  forked_from: { id: 9, name: 'Origin' },
  fork_credit: { name: 'Origin', author: 'Bo' },
  is_fork: true,
  created_at: at,
  updated_at: at,
  latest_version: 1,
  readme: '# Sources',
  column_descriptions: {},
  discussion_count: 0,
  proposal_count: 0,
  contributors: [],
  key_columns: [],
  versions: [
    {
      id: 1,
      version: 1,
      dataset_id: 42,
      entries_count: 3,
      changelog: '',
      attributes: ['城市', '人口'],
      attribute_types: { 城市: 'string', 人口: 'integer' },
      attributes_type: { 城市: 'string', 人口: 'integer' },
      byte_size: 10,
      sha256: 'x',
      mode: 'replace',
      created_at: at,
    },
  ],
};

const render = (dataset: Dataset, onDownload?: () => void) =>
  renderToStaticMarkup(
    <DatasetView
      dataset={dataset}
      locale="en-US"
      readmeHtml="<h3>Sources</h3>"
      {...(onDownload && { onDownload })}
    />,
  );
const texts = (html: string, tag: string) =>
  [...html.matchAll(new RegExp(`<${tag}[^>]*>(.*?)</${tag}>`, 'g'))].map((m) =>
    m[1]!.replace(/<[^>]+>/g, ''),
  );

describe('DatasetView', () => {
  it('names the key beside the numbers when one is declared', () => {
    const dd = (html: string) => texts(html, 'dd').at(-1);
    expect(texts(render(wire), 'dt')).not.toContain('Key');
    const keyed = render({ ...wire, key_columns: ['城市', '人口'] });
    expect(texts(keyed, 'dt').at(-1)).toBe('Key');
    expect(dd(keyed)).toBe('城市, 人口');
  });

  it('shows the facts, the card, the citation and the numbers', () => {
    const html = render(wire);
    expect(texts(html, 'dt')).toEqual([
      'Published by',
      'Language',
      'Created',
      'Updated',
      'License',
      'Forked from',
      'Average rating',
      'Ratings',
      'Downloads',
      'Favorites',
      'Forks',
      'Open discussions',
      'Open proposals',
      'Latest version',
    ]);
    expect(html).toContain('<a href="/en-US/users/7" class="font-medium">Ada</a>');
    expect(html).toContain('<a href="/en-US/datasets/9">Origin</a>');
    expect(html).toContain('<h3>Sources</h3>');
    expect(texts(html, 'pre')).toEqual(['@misc{cities}']);
    expect(html).toContain('data-live-count="favorites" data-live-id="42" data-live-value="3"');
    expect(html).toContain('>1,234</dd>');
    // The data first, then what describes it.
    expect(texts(html, 'h2')).toEqual([
      'Data',
      'Description',
      'About this dataset',
      'How to cite',
      'Versions',
      'Statistics',
    ]);
  });

  it("renders the owner's dataset (camelCase in the browser) exactly as the public page's", () => {
    const owners = keysToSnake<Dataset>(keysToCamel<BrowserDataset>(wire));
    expect(render(owners)).toBe(render(wire));
  });

  it('offers downloads as links, or as buttons when the page saves them itself', () => {
    const links = render(wire);
    expect(links).toContain('href="/api/v1/datasets/42/versions/1/data.parquet"');
    expect(links).not.toContain('<button');
    const buttons = render(wire, () => undefined);
    expect(texts(buttons, 'button')).toEqual(['CSV', 'TSV', 'JSON', 'JSONL', 'Parquet']);
    expect(buttons).not.toContain('/data.');
  });

  it('shows the open tab only, with each tab a link and the open one the current page', () => {
    const hrefs = {
      data: '/en-US/datasets/42?page=2',
      card: '/en-US/datasets/42?tab=card&page=2',
      versions: '/en-US/datasets/42?tab=versions&page=2',
      compare: '/en-US/datasets/42?tab=compare&page=2',
      sql: '/en-US/datasets/42?tab=sql&page=2',
      discussions: '/en-US/datasets/42?tab=discussions&page=2',
      proposals: '/en-US/datasets/42?tab=proposals&page=2',
    };
    const tab = (current: keyof typeof hrefs) =>
      renderToStaticMarkup(
        <DatasetView
          dataset={wire}
          locale="en-US"
          readmeHtml="<h3>Sources</h3>"
          tabs={{ current, hrefs }}
          data={<p>the rows</p>}
          sql={<p>the console</p>}
          use={<p>use it</p>}
        />,
      );
    const versions = tab('versions');
    expect(
      texts(versions, 'a').filter((a) =>
        ['Data', 'Card', 'Versions', 'Compare', 'SQL'].includes(a),
      ),
    ).toEqual(['Data', 'Card', 'Versions', 'Compare', 'SQL']);
    expect(versions).toContain(
      '<a href="/en-US/datasets/42?tab=versions&amp;page=2" data-view-tab="versions" aria-current="page"',
    );
    expect(texts(versions, 'h2')).toEqual(['Versions']);
    expect(texts(tab('card'), 'h2')).toEqual(['Description', 'About this dataset', 'How to cite']);
    expect(tab('card')).toContain('use it');
    expect(tab('sql')).toContain('the console');
    expect(tab('sql')).not.toContain('the rows');
    expect(tab('data')).toContain('the rows');
  });
});
