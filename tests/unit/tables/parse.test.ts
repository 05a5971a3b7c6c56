import { describe, expect, it } from 'vitest';
import {
  TableValidationError,
  parseCsvStream,
  parseJsonlStream,
} from '../../../src/server/tables/index.ts';
import { bytes, collect } from './support.ts';

async function csv(text: string | Buffer, size?: number) {
  const { attributes, rows } = await parseCsvStream(bytes(text, size));
  return [attributes, ...(await collect(rows))];
}

async function failure(attempt: Promise<unknown>) {
  const err = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TableValidationError);
  return (err as TableValidationError).errors;
}

describe('parseCsvStream', () => {
  const text =
    '\uFEFF名称,"备注, 说明",n\r\n' +
    '北京,"他说 ""你好""",1\r\n' +
    '"多\r\n行","",\r\n' +
    '\r\n' +
    ' 空格 ,a"b,3';
  const expected = [
    ['名称', '备注, 说明', 'n'],
    ['北京', '他说 "你好"', '1'],
    ['多\r\n行', '', ''],
    [' 空格 ', 'a"b', '3'],
  ];

  it('reads RFC 4180 CSV: BOM, quotes, doubled quotes, line breaks in fields, blank lines', async () => {
    expect(await csv(text)).toEqual(expected);
  });

  it('gives the same records however the bytes are cut (even inside a character)', async () => {
    for (const size of [1, 2, 3, 5, 7, 11]) expect(await csv(text, size)).toEqual(expected);
  });

  it('accepts \\n and lone \\r line ends and a missing final line end', async () => {
    expect(await csv('a,b\n1,2\n3,4')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(await csv('a,b\r1,2\r')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(await csv('a,b\r\n1,2\r', 1)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps a row whose only field is a quoted empty value', async () => {
    expect(await csv('a\r\n""\r\nx\r\n')).toEqual([['a'], [''], ['x']]);
  });

  it('refuses an empty file', async () => {
    expect(await failure(parseCsvStream(bytes('\n\n')))).toEqual([
      {
        row: null,
        column: null,
        code: 'EMPTY_INPUT',
        message: 'The file is empty: its first line must name the columns',
      },
    ]);
  });

  it('names the row of a quoted field that is never closed', async () => {
    const { rows } = await parseCsvStream(bytes('a,b\n1,2\n3,"open\n4,5\n'));
    expect(await failure(collect(rows))).toEqual([
      {
        row: 2,
        column: null,
        code: 'CSV_UNTERMINATED_QUOTE',
        message: 'Row 2: a quoted field is never closed',
      },
    ]);
  });

  it('refuses text that is not UTF-8', async () => {
    const gbk = Buffer.from([0x61, 0x0a, 0xb1, 0xb1, 0xbe, 0xa9, 0x0a]); // "a\n北京\n" in GBK
    expect((await failure(csv(gbk)))[0]?.code).toBe('INVALID_ENCODING');
  });

  it('refuses UTF-16 and UTF-32 without a byte order mark as an encoding, not as U+0000', async () => {
    const text = 'city,n\nBeijing,1\n';
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.from(le).swap16();
    const utf32 = Buffer.concat([...text].map((c) => Buffer.from([c.charCodeAt(0), 0, 0, 0])));
    for (const file of [le, be, utf32]) {
      for (const size of [undefined, 1]) {
        expect(await failure(csv(file, size))).toEqual([
          {
            row: null,
            column: null,
            code: 'INVALID_ENCODING',
            message:
              'The file is not UTF-8 text; save it as UTF-8 (for example "CSV UTF-8" in Excel)',
          },
        ]);
      }
    }
    const jsonl = parseJsonlStream(bytes(Buffer.from('["a"]\n["b"]\n', 'utf16le')));
    expect((await failure(jsonl))[0]?.code).toBe('INVALID_ENCODING');
  });

  it('still names a stray U+0000 in UTF-8 text as a character', async () => {
    const errors = await failure(csv(`city\n${'Beijing\n'.repeat(10)}Bei\u0000jing\n`));
    expect(errors.map((e) => e.code)).toEqual(['INVALID_CHARACTERS']);
  });

  it('stops past maxBytes with a limit error, leaving the stream to its owner', async () => {
    const big = `a\n${'x\n'.repeat(1000)}`;
    const upload = bytes(big, 100);
    const { rows } = await parseCsvStream(upload, { maxBytes: 1000 });
    const attempt = collect(rows);
    await expect(attempt).rejects.toMatchObject({ isLimit: true });
    expect((await failure(attempt))[0]?.code).toBe('UPLOAD_TOO_LARGE');
    // Not destroyed: an HTTP request destroyed here would take the 413 response down with it.
    expect(upload.destroyed).toBe(false);
  });
});

describe('parseJsonlStream', () => {
  it('takes a first line listing the columns, then rows as lists or objects', async () => {
    const { attributes, rows } = await parseJsonlStream(
      bytes('["名称","n"]\r\n["北京",1]\n\n{"n":2,"名称":"上海"}\n', 3),
    );
    expect(attributes).toEqual(['名称', 'n']);
    expect(await collect(rows)).toEqual([['北京', 1], { n: 2, 名称: '上海' }]);
  });

  it('takes the columns from the first object when there is no header line', async () => {
    const { attributes, rows } = await parseJsonlStream(bytes('{"a":1,"b":"x"}\n{"b":"y"}'));
    expect(attributes).toEqual(['a', 'b']);
    expect(await collect(rows)).toEqual([{ a: 1, b: 'x' }, { b: 'y' }]);
  });

  it('names the row that is not JSON', async () => {
    const withHeader = await parseJsonlStream(bytes('["a"]\n[1]\n[2\n'));
    expect(await failure(collect(withHeader.rows))).toEqual([
      { row: 2, column: null, code: 'INVALID_JSON', message: 'Row 2 is not valid JSON' },
    ]);
    const withObjects = await parseJsonlStream(bytes('{"a":1}\n{"a":2}\n{a:3}\n'));
    expect((await failure(collect(withObjects.rows)))[0]?.row).toBe(3);
  });

  it('refuses a first line that is neither a list nor an object, or an empty file', async () => {
    expect((await failure(parseJsonlStream(bytes('42\n'))))[0]?.code).toBe('INVALID_JSON');
    expect((await failure(parseJsonlStream(bytes('{oops\n'))))[0]?.message).toBe(
      'The first line is not valid JSON',
    );
    expect((await failure(parseJsonlStream(bytes(''))))[0]?.code).toBe('EMPTY_INPUT');
  });
});
