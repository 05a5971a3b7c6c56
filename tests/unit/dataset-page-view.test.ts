import { describe, expect, it } from 'vitest';
import type { VersionContent } from '../../src/contracts/datasets.ts';
import type { TableRows, VersionStats } from '../../src/contracts/tables.ts';
import { readDataView } from '../../src/lib/dataset-page-view.ts';

const preview: VersionContent = {
  version: 3,
  attributes: ['city'],
  attribute_types: { city: 'string' },
  entries: [['Bern']],
  entries_count: 120,
  offset: 0,
  limit: 50,
};
const stats: VersionStats = { version: 3, rows: 120, columns: [] };

/** Site reads that answer `rows` as given and say what they were asked. */
function sheafWith(rows: TableRows | null) {
  const asked: unknown[] = [];
  const sheaf = {
    datasets: {
      rows: (id: number, version: number, query: unknown) => {
        asked.push(['rows', id, version, query]);
        return Promise.resolve(rows);
      },
      versionStats: (id: number, version: number) => {
        asked.push(['stats', id, version]);
        return Promise.resolve({ ...stats, version });
      },
    },
  } as unknown as App.Locals['sheaf'];
  return { sheaf, asked };
}

const read = (sheaf: App.Locals['sheaf'], search: string) =>
  readDataView(sheaf, 7, { preview, stats }, new URLSearchParams(search));

describe('the view a dataset page address names', () => {
  it('is the stored first page for the latest version without sort or filters', async () => {
    const { sheaf, asked } = sheafWith(null);
    const view = await read(sheaf, 'v=3&tab=card&hide=city');
    expect(asked).toEqual([]);
    expect(view.version).toBe(3);
    expect(view.view).toMatchObject({ version: null, tab: 'card', hidden: ['city'] });
    expect(view.rows.rows).toEqual([['Bern']]);
  });

  it('reads the rows of its version, page, sort and filters as the rows call would', async () => {
    const filters = '[{"column":"city","op":"eq","value":"Bern"}]';
    const rows: TableRows = {
      columns: [{ name: 'city', type: 'string' }],
      rows: [['Bern']],
      row_numbers: [61],
      total: 70,
      offset: 50,
      limit: 50,
    };
    const { sheaf, asked } = sheafWith(rows);
    const view = await read(
      sheaf,
      `v=2&page=2&sort=city&order=desc&filters=${encodeURIComponent(filters)}`,
    );
    expect(asked).toEqual([
      ['rows', 7, 2, { offset: 50, limit: 50, order: 'desc', sort: 'city', filters }],
      ['stats', 7, 2],
    ]);
    expect(view.rows).toMatchObject({ rowNumbers: [61], total: 70, offset: 50 });
    expect(view.stats?.version).toBe(2);
  });

  it('falls back to the first page when its rows cannot be read, keeping the tab', async () => {
    const { sheaf } = sheafWith(null);
    const view = await read(sheaf, 'v=9&page=4&tab=sql&sql=select+1');
    expect(view.view).toMatchObject({ version: null, page: 1, tab: 'sql', sql: 'select 1' });
    expect(view.rows.total).toBe(120);
  });
});
