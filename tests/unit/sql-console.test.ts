import { describe, expect, it } from 'vitest';
import {
  SQL_PAGE_ROWS,
  hasOrderBy,
  isReadOnly,
  resultCsv,
  resultFileName,
  sqlPage,
  sqlSubquery,
  sqlValueText,
} from '../../src/lib/sql-console.ts';

describe('the SQL console', () => {
  it('runs statements that only read', () => {
    for (const sql of [
      'SELECT count(*) FROM t',
      '  select * from t limit 5;',
      'WITH x AS (SELECT 1) SELECT * FROM x',
      'FROM t',
      'SUMMARIZE t',
      'DESCRIBE t',
      "SELECT ';' AS semicolon FROM t",
      '-- a comment\nSELECT 1',
      'SELECT $$;$$ AS dollar',
      "SELECT 'it''s; fine', \"set\" FROM t",
      '/* outer /* inner */ still a comment; */ SELECT 1',
      'EXPLAIN SELECT * FROM t',
      "SELECT * FROM t WHERE name = 'insert into'",
    ]) {
      expect(isReadOnly(sql), sql).toBe(true);
    }
  });

  it('refuses writes, settings and several statements', () => {
    for (const sql of [
      'CREATE TABLE x AS SELECT 1',
      'INSERT INTO t VALUES (1)',
      'DROP VIEW t',
      "COPY t TO 'x.csv'",
      'SET threads = 1',
      'SELECT 1; DROP VIEW t',
      "ATTACH 'x.db'",
      '',
      '/* only a comment */',
      "SELECT '--'; COPY t TO 'x.csv'",
      "SELECT '/*'; INSTALL httpfs; SELECT '*/'",
      'WITH a AS (SELECT 1) INSERT INTO t SELECT * FROM a',
      "EXPLAIN ANALYZE COPY t TO 'x.csv'",
      "SELECT $x$ a $x$; ATTACH 'y.db'",
      'SELECT "a;b"; PRAGMA version',
    ]) {
      expect(isReadOnly(sql), sql).toBe(false);
    }
  });

  it('shows every value as text', () => {
    expect(sqlValueText(12345678901234567890n)).toBe('12345678901234567890');
    expect(sqlValueText(null)).toBe('');
    expect(sqlValueText(new Date(Date.UTC(2024, 0, 2)))).toBe('2024-01-02T00:00:00.000Z');
    expect(sqlValueText({ a: 1n })).toBe('{"a":"1"}');
    expect(sqlValueText(1.5)).toBe('1.5');
  });

  it('pages a result of more than one page', () => {
    expect(sqlPage(10, 0)).toEqual({
      first: 1,
      last: 10,
      paged: false,
      hasPrevious: false,
      hasNext: false,
    });
    const rows = SQL_PAGE_ROWS * 2 + 5;
    expect(sqlPage(rows, 0)).toMatchObject({ first: 1, last: SQL_PAGE_ROWS, paged: true });
    expect(sqlPage(rows, 0)).toMatchObject({ hasPrevious: false, hasNext: true });
    expect(sqlPage(rows, SQL_PAGE_ROWS * 2)).toEqual({
      first: SQL_PAGE_ROWS * 2 + 1,
      last: rows,
      paged: true,
      hasPrevious: true,
      hasNext: false,
    });
  });

  it('writes a result as a CSV file the way CSV downloads are written', () => {
    const csv = resultCsv(
      ['城市', 'note, quoted', 'n'],
      [
        ['北京', 'say "hi"', '3'],
        ['上海', '', '12345678901234567890'],
        ['广州', ' padded', 'line\nbreak'],
      ],
    );
    expect(csv).toBe(
      '\uFEFF城市,"note, quoted",n\r\n' +
        '北京,"say ""hi""",3\r\n' +
        '上海,,12345678901234567890\r\n' +
        '广州," padded","line\nbreak"\r\n',
    );
    // A one-column row without a value stays a row when read back.
    expect(resultCsv(['x'], [[''], ['a']])).toBe('\uFEFFx\r\n""\r\na\r\n');
  });

  it('sees whether a statement orders its rows', () => {
    for (const sql of [
      'SELECT * FROM t ORDER BY n',
      'select * from t order\n  by 2 desc;',
      'FROM t ORDER /* which */ BY ALL',
    ]) {
      expect(hasOrderBy(sql), sql).toBe(true);
    }
    for (const sql of [
      'SELECT * FROM t',
      "SELECT 'order by' FROM t",
      'SELECT "order", "by" FROM t',
      'SELECT * FROM t -- ORDER BY n',
      'SELECT "order" by_n FROM t',
    ]) {
      expect(hasOrderBy(sql), sql).toBe(false);
    }
  });

  it('names a downloaded result after the dataset, version and time', () => {
    const at = new Date('2026-11-26T08:09:10.123Z');
    expect(resultFileName(42, 3, at, 'csv')).toBe('sheaf-42-v3-query-2026-11-26T080910.csv');
    expect(resultFileName(42, 3, at, 'parquet')).toBe(
      'sheaf-42-v3-query-2026-11-26T080910.parquet',
    );
  });

  it('wraps a query for COPY without its trailing semicolon, ending on its own line', () => {
    expect(sqlSubquery('SELECT * FROM t')).toBe('(\nSELECT * FROM t\n)');
    expect(sqlSubquery('SELECT 1; ')).toBe('(\nSELECT 1\n)');
    expect(sqlSubquery('SELECT 1;; -- done')).toBe('(\nSELECT 1\n)');
    expect(sqlSubquery("SELECT ';' AS s -- a; b")).toBe("(\nSELECT ';' AS s -- a; b\n)");
    expect(sqlSubquery('WITH x AS (SELECT 1) FROM x /* ; */')).toBe(
      '(\nWITH x AS (SELECT 1) FROM x /* ; */\n)',
    );
    for (const query of ['FROM t', 'VALUES (1), (2)', 'TABLE t', '(SELECT 1) UNION (SELECT 2)'])
      expect(sqlSubquery(query)).toBe(`(\n${query}\n)`);
  });

  it('does not wrap statements COPY cannot take, nor ones that are not read-only', () => {
    for (const sql of ['SUMMARIZE t', 'DESCRIBE t', 'SHOW t', 'EXPLAIN SELECT 1'])
      expect(sqlSubquery(sql)).toBeNull();
    for (const sql of ['SELECT 1; SELECT 2', 'DELETE FROM t', '', '-- nothing'])
      expect(sqlSubquery(sql)).toBeNull();
  });
});
