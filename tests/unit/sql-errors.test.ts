import { describe, expect, it } from 'vitest';
import { getT } from '../../src/i18n/index.ts';
import { errorOffset, sqlFailure } from '../../src/lib/sql-errors.ts';

const zh = getT('zh-CN');
const en = getT('en-US');

/** Messages as DuckDB writes them (DuckDB 1.x, the engine the console runs in the browser). */
const PARSER = 'Parser Error: syntax error at or near "SELEC"\n\nLINE 1: SELEC 1\n        ^';
const CATALOG =
  'Catalog Error: Table with name dta does not exist!\nDid you mean "data"?\n\nLINE 1: SELECT * FROM dta\n                      ^';
const BINDER =
  'Binder Error: Referenced column "b" not found in FROM clause!\nCandidate bindings: "data.a"\n\nLINE 1: SELECT b FROM data\n               ^';
const NO_MATCH =
  "Binder Error: No function matches the given name and argument types 'sum(VARCHAR)'. You might need to add explicit type casts.\n\tCandidate functions:\n\tsum(DECIMAL) -> DECIMAL\n\n\nLINE 1: SELECT sum(city) FROM data\n               ^";

describe('SQL console errors', () => {
  it('say what went wrong in the page language and keep the statement with its caret as written', () => {
    expect(sqlFailure(zh, PARSER)).toEqual({
      summary: '查询失败（语法错误）：“SELEC”附近有语法错误。',
      code: 'LINE 1: SELEC 1\n        ^',
    });
    expect(sqlFailure(en, PARSER).summary).toBe(
      'The query failed (syntax error): Syntax error at or near “SELEC”.',
    );
  });

  it('translate each known sentence, with the names DuckDB gives', () => {
    expect(sqlFailure(zh, CATALOG).summary).toBe(
      '查询失败（找不到对象）：没有名为 dta 的表。是不是“data”？',
    );
    expect(sqlFailure(en, BINDER)).toEqual({
      summary: 'The query failed (name or type error): No column named “b”. Did you mean “a”?',
      code: 'LINE 1: SELECT b FROM data\n               ^',
    });
  });

  it('read the statement apart from the sentences however many line breaks come before it', () => {
    const wasm = BINDER.replace('\n\nLINE', '\nLINE');
    expect(sqlFailure(zh, wasm)).toEqual({
      summary: '查询失败（名称或类型错误）：找不到列“b”。是不是“a”？',
      code: 'LINE 1: SELECT b FROM data\n               ^',
    });
  });

  it('keep candidate functions with the code', () => {
    const failure = sqlFailure(zh, NO_MATCH);
    expect(failure.summary).toBe(
      '查询失败（名称或类型错误）：没有与参数类型相符的函数 sum(VARCHAR)，可能需要显式转换类型（CAST）。',
    );
    expect(failure.code).toBe(
      '\tCandidate functions:\n\tsum(DECIMAL) -> DECIMAL\nLINE 1: SELECT sum(city) FROM data\n               ^',
    );
  });

  it('leave what they do not know in DuckDB’s words', () => {
    expect(sqlFailure(zh, 'Parser Error: something new')).toEqual({
      summary: '查询失败（语法错误）：something new',
      code: null,
    });
    expect(sqlFailure(en, 'Dependency Error: cannot drop').summary).toBe(
      'The query failed: Dependency Error: cannot drop',
    );
    expect(sqlFailure(en, 'worker crashed').summary).toBe('The query failed: worker crashed');
  });

  it('point at the place of the fault in the statement', () => {
    expect(errorOffset('SELEC 1', sqlFailure(en, PARSER).code)).toBe(0);
    const sql = 'SELECT a\nFROM data\nWHERE b > 1';
    const code = 'LINE 3: WHERE b > 1\n              ^';
    expect(errorOffset(sql, code)).toBe(sql.indexOf('b > 1'));
    expect(errorOffset('SELECT b FROM data', sqlFailure(en, BINDER).code)).toBe(7);
    expect(errorOffset('SELECT 1', null)).toBeNull();
  });
});
