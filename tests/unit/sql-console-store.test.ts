import { describe, expect, it } from 'vitest';
import { getT } from '../../src/i18n/index.ts';
import { createSqlConsole, type SqlEngine } from '../../src/stores/sql-console.ts';

/** A DuckDB stand-in: connections by number, each statement answered when `answer` is called. */
function fakeEngine() {
  const log: string[] = [];
  const pending: { statement: string; resolve: (rows: string) => void; signal: AbortSignal }[] = [];
  let next = 0;
  const engine: SqlEngine<number, string> = {
    connect: async (url) => {
      next += 1;
      log.push(`connect ${next} ${url}`);
      return next;
    },
    columns: async () => [{ name: 'city', type: 'VARCHAR' }],
    functions: async () => ['sum', 'avg'],
    attach: async (on, url) => {
      log.push(`attach ${on} ${url}`);
      return `f${log.length}.parquet`;
    },
    run: (on, statement, signal) =>
      new Promise((resolve, reject) => {
        if (statement.includes('nosuchcol')) {
          reject(
            new Error('Binder Error: Referenced column "nosuchcol" not found in FROM clause!'),
          );
          return;
        }
        log.push(`run ${on} ${statement}`);
        pending.push({ statement, resolve: (rows) => resolve(rows), signal });
      }),
    close: async (on) => {
      log.push(`close ${on}`);
    },
  };
  return { engine, log, pending };
}

const sources = {
  locate: async (id: number, version: number | null) => {
    if (id === 404) throw new Error('404');
    return { url: `/d/${id}/v/${version ?? 7}.parquet`, version: version ?? 7 };
  },
};

const session = (sql = 'SELECT * FROM t') => {
  const fake = fakeEngine();
  const sqlConsole = createSqlConsole({
    engine: fake.engine,
    sources,
    datasetId: 1,
    version: 2,
    sql,
    t: getT('en-US'),
  });
  return { ...fake, sqlConsole, state: () => sqlConsole.$console.get() };
};

describe('the SQL console session', () => {
  it('opens a version, runs one statement at a time and keeps its result', async () => {
    const { sqlConsole, state, log, pending } = session();
    await sqlConsole.open(2);
    expect(state()).toMatchObject({
      phase: 'ready',
      columns: [{ name: 'city', type: 'VARCHAR' }],
      functions: ['sum', 'avg'],
    });
    const first = sqlConsole.run();
    await sqlConsole.run(); // a second press while the first runs does nothing
    expect(state().phase).toBe('running');
    expect(pending).toHaveLength(1);
    pending[0]!.resolve('rows');
    await first;
    expect(state()).toMatchObject({ phase: 'ready', result: 'rows', error: null });
    expect(log).toEqual(['connect 1 /d/1/v/2.parquet', 'run 1 SELECT * FROM t']);
  });

  it('another version closes the connection and stops the statement running on it', async () => {
    const { sqlConsole, state, log, pending } = session();
    await sqlConsole.open(2);
    const running = sqlConsole.run();
    await Promise.resolve();
    await sqlConsole.open(1);
    expect(pending[0]!.signal.aborted).toBe(true);
    pending[0]!.resolve('late rows');
    await running;
    expect(state()).toMatchObject({ version: 1, phase: 'ready', result: null });
    expect(log).toContain('close 1');
    expect(log.at(-1)).toBe('connect 2 /d/1/v/1.parquet');
    sqlConsole.close();
    expect(state().phase).toBe('closed');
  });

  it('reads dataset(id) and dataset(id, v) from registered files, once each, and pins them', async () => {
    const sql =
      'SELECT * FROM t JOIN dataset(5) USING (city) JOIN dataset(6, 1) x USING (city) -- dataset(9)';
    const { sqlConsole, state, log, pending } = session(sql);
    await sqlConsole.open(2);
    const ran = sqlConsole.run();
    await new Promise((r) => setTimeout(r, 0));
    pending[0]!.resolve('joined');
    await ran;
    expect(log.slice(1, 3)).toEqual(['attach 1 /d/5/v/7.parquet', 'attach 1 /d/6/v/1.parquet']);
    expect(pending[0]!.statement).toBe(
      "SELECT * FROM t JOIN read_parquet('f2.parquet') USING (city) JOIN read_parquet('f3.parquet') x USING (city) -- dataset(9)",
    );
    expect(state().pinnedSql).toBe(
      'SELECT * FROM t JOIN dataset(5, 7) USING (city) JOIN dataset(6, 1) x USING (city) -- dataset(9)',
    );
    const again = sqlConsole.run();
    await new Promise((r) => setTimeout(r, 0));
    pending[1]!.resolve('joined');
    await again;
    expect(log.filter((l) => l.startsWith('attach'))).toHaveLength(2);
  });

  it('says which dataset cannot be read, refuses writing statements, and explains DuckDB errors', async () => {
    const { sqlConsole, state } = session('SELECT * FROM dataset(404, 3)');
    await sqlConsole.open(2);
    await sqlConsole.run();
    expect(state().error?.summary).toBe(
      'dataset(404, 3) cannot be read: there is no such dataset or version, or it is not public.',
    );
    sqlConsole.setSql('DROP TABLE t');
    await sqlConsole.run();
    expect(state().error?.summary).toMatch(/^Only reading statements run here/);
    sqlConsole.setSql('SELECT nosuchcol FROM t');
    await sqlConsole.run();
    expect(state()).toMatchObject({ phase: 'ready', result: null });
    expect(state().error?.summary).toContain('No column named “nosuchcol”.');
  });

  it('reports a version that cannot be opened', async () => {
    const fake = fakeEngine();
    const sqlConsole = createSqlConsole({
      engine: { ...fake.engine, connect: () => Promise.reject(new Error('no wasm')) },
      sources,
      datasetId: 1,
      version: 1,
      sql: '',
      t: getT('zh-CN'),
    });
    await sqlConsole.open(1);
    expect(sqlConsole.$console.get()).toMatchObject({ phase: 'closed', loadFailed: true });
  });
});
