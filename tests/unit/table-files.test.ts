import { describe, expect, it } from 'vitest';
import {
  LARGE_FILE_BYTES,
  SAMPLE_ROWS,
  readTableFile,
  streamFormatOf,
} from '../../src/lib/tables/draft.ts';
import { rowValues } from '../../src/lib/tables/cells.ts';
import { checkLaterRows } from '../../src/lib/tables/later-rows.ts';
import { applyTypesFile, readChosenFiles } from '../../src/lib/tables/types-file.ts';

const file = (name: string, text: string, type = '') => new File([text], name, { type });

describe('table files read in the browser', () => {
  // The whole file is read (and its 2 million rows counted): 4–7 s on a loaded machine.
  it('samples a large CSV that arrives as one piece of text', { timeout: 60_000 }, async () => {
    const rows = 600_000;
    const text = `n,m\n${'1,2\n'.repeat(rows)}`;
    expect(text.length).toBeGreaterThan(LARGE_FILE_BYTES / 4);
    const draft = await readTableFile(
      file('one-piece.csv', text.padEnd(LARGE_FILE_BYTES + 1, '3,4\n')),
    );
    expect(draft.attributes).toEqual(['n', 'm']);
    expect(draft.entries).toHaveLength(SAMPLE_ROWS);
  });

  it('reads TSV, quoting as in CSV', async () => {
    const draft = await readTableFile(
      file('cities.tsv', '城市\t人口\n"北\t京"\t21893095\n上海\t24870895\n'),
    );
    expect(draft.source.kind).toBe('tsv');
    expect(draft.attributes).toEqual(['城市', '人口']);
    expect(draft.entries).toEqual([
      ['北\t京', '21893095'],
      ['上海', '24870895'],
    ]);
    expect(draft.types).toEqual(['string', 'integer']);
    expect(draft.sampled).toBeNull();
  });

  it('reads JSON Lines with a header line, or with objects', async () => {
    const listed = await readTableFile(file('a.jsonl', '["a","b"]\n[1,"x"]\n\n[2,"y"]\n'));
    expect(listed.attributes).toEqual(['a', 'b']);
    expect(listed.entries).toEqual([
      [1, 'x'],
      [2, 'y'],
    ]);
    expect(listed.types).toEqual(['integer', 'string']);
    const objects = await readTableFile(
      file('b.ndjson', '{"a":1}\n{"b":true,"a":2}\n', 'application/x-ndjson'),
    );
    expect(objects.attributes).toEqual(['a']);
    expect(objects.types).toEqual(['integer']);
  });

  it("takes a JSON Lines file's columns from its first line, as the server does", async () => {
    // A key first given by a later row stays in its row, for the server's check to refuse
    // (UNKNOWN_COLUMN), as the upload of the same file is refused.
    const draft = await readTableFile(file('later.jsonl', '{"a":1}\n{"a":2,"b":true}\n'));
    expect(draft.attributes).toEqual(['a']);
    expect(draft.entries).toEqual([{ a: 1 }, { a: 2, b: true }]);
  });

  it('finds a key that names no column past the sample of a large JSON Lines file', async () => {
    const line = `{"id":1,"note":"${'x'.repeat(200)}"}\n`;
    const lines = Math.ceil(LARGE_FILE_BYTES / line.length) + 10;
    const later = '{"id":2,"note":"y","城市":"北京"}\n';
    const text = line.repeat(lines - 2) + later + '\n' + '{" id":3}\n';
    const draft = await readTableFile(file('later.jsonl', text));
    expect(draft.attributes).toEqual(['id', 'note']);
    expect(draft.totalRows).toBe(lines);
    expect(draft.problems).toEqual([
      {
        row: lines - 1,
        column: '城市',
        code: 'UNKNOWN_COLUMN',
        message: `Row ${lines - 1}: "城市" is not a column`,
      },
    ]);
    // With a header line, rows are counted after it.
    const listed = await readTableFile(file('h.jsonl', '["id","note"]\n' + text));
    expect(listed.totalRows).toBe(lines);
    expect(listed.problems).toMatchObject([{ row: lines - 1, column: '城市' }]);
  });

  it('takes a list row after an object row, as the server does, and refuses other values', async () => {
    const mixed = await readTableFile(file('mixed.jsonl', '{"a":1,"b":"x"}\n[2,"y"]\n'));
    expect(mixed.attributes).toEqual(['a', 'b']);
    expect(mixed.entries.map((e) => rowValues(mixed.attributes, e))).toEqual([
      [1, 'x'],
      [2, 'y'],
    ]);
    await expect(readTableFile(file('odd.jsonl', '{"a":1}\n7\n'))).rejects.toMatchObject({
      key: 'jsonShape',
      row: 2,
    });
    await expect(readTableFile(file('lone.jsonl', '7\n'))).rejects.toMatchObject({
      key: 'jsonShape',
      row: 1,
    });
  });

  it('keeps the order a JSON Lines file writes columns named like numbers in', async () => {
    const draft = await readTableFile(
      file('years.jsonl', '{"城市":"北京","2024":1,"2023":2}\n{"城市":"上海","2023":0}\n'),
    );
    expect(draft.attributes).toEqual(['城市', '2024', '2023']);
    expect(draft.types).toEqual(['string', 'integer', 'integer']);
  });

  it('keeps that order in a JSON file too, as a JSON download writes it', async () => {
    const json =
      '[\n{"城市":"北京","2024":1,"2023":{"x":[1]}},\n{"城市":"上海","2024":2,"2023":null}\n]\n';
    const draft = await readTableFile(file('years.json', json));
    expect(draft.attributes).toEqual(['城市', '2024', '2023']);
  });

  it('names the line of a JSON Lines syntax error', async () => {
    await expect(readTableFile(file('c.jsonl', '["a"]\n[1]\n{oops\n'))).rejects.toMatchObject({
      key: 'jsonLineSyntax',
      row: 3,
    });
  });

  it('samples a large JSON Lines file and streams the file itself', async () => {
    const line = `{"id":1,"note":"${'x'.repeat(200)}"}\n`;
    const lines = Math.ceil(LARGE_FILE_BYTES / line.length) + 10;
    const big = file('big.jsonl', line.repeat(lines));
    const draft = await readTableFile(big);
    expect(draft.sampled).toBe(big);
    expect(draft.entries).toHaveLength(SAMPLE_ROWS);
    // The summary gives the exact count of the whole file, not "1000+".
    expect(draft.totalRows).toBe(lines);
    expect(draft.attributes).toEqual(['id', 'note']);
    expect(streamFormatOf(draft.source)).toBe('jsonl');
  });

  it('counts rows as the server reads them: quoted newlines, blank lines, no final newline', async () => {
    const count = async (text: string, format: 'csv' | 'jsonl', attributes: string[]) =>
      (await checkLaterRows(new Blob([text]), { format, attributes, header: false, fromRow: 1 }))
        .rows;
    const text = '城市,备注\r\n北京,"首都\n直辖市"\r\n\r\n\n上海,"末行"';
    expect(await count(text, 'csv', ['城市', '备注'])).toBe(2);
    // A line of spaces is a record (the server reads it as a row of one value), an empty one not.
    expect(await count('a\n\n"b\nc"\n  \nd', 'csv', ['a'])).toBe(3);
    // JSON Lines: lines, not quotes (a string may hold an escaped quote).
    expect(await count('{"a":1}\n\n{"a":"x\\""}\n  \n', 'jsonl', ['a'])).toBe(2);
  });

  it("applies a types file's column types, leaving out other names and unknown types", async () => {
    const draft = await readTableFile(file('codes.csv', 'code,zip,n\n1e3,00123,1\n'));
    expect(draft.types).toEqual(['number', 'string', 'integer']);
    const typed = applyTypesFile(
      draft,
      'codes.csv.types.json',
      '{"code":"string","n":"decimal","省":"string"}',
    );
    expect(typed).toMatchObject({
      types: ['string', 'string', 'integer'],
      declared: { code: 'string' },
      typesFile: 'codes.csv.types.json',
    });
    // Chosen together, in either order; a types file alone names what is missing.
    const chosen = await readChosenFiles([
      file('codes.csv.types.json', '{"code":"string"}'),
      file('codes.csv', 'code,zip,n\n1e3,00123,1\n'),
    ]);
    expect(chosen).toMatchObject({ types: ['string', 'string', 'integer'] });
    await expect(readChosenFiles([file('a.types.json', '{}')])).rejects.toMatchObject({
      key: 'typesOnly',
    });
    expect(() => applyTypesFile(draft, 'x.types.json', '["code"]')).toThrow(
      expect.objectContaining({ key: 'typesFile', message: 'x.types.json' }),
    );
  });

  it('keeps the descriptions of a columns file chosen with the table, in any order', async () => {
    const columns = '{"code":"Product code","省":"Province"}';
    const chosen = await readChosenFiles([
      file('codes.csv.columns.json', columns),
      file('codes.csv.types.json', '{"code":"string"}'),
      file('codes.csv', 'code,n\n1e3,1\n'),
    ]);
    expect(chosen).toMatchObject({
      source: { name: 'codes.csv' },
      types: ['string', 'integer'],
      columnsFile: { name: 'codes.csv.columns.json', descriptions: JSON.parse(columns) },
    });
    await expect(readChosenFiles([file('a.columns.json', '{}')])).rejects.toMatchObject({
      key: 'columnsOnly',
    });
    for (const text of ['{"code":1}', '["code"]', '{']) {
      const files = [file('a.csv', 'code\n1\n'), file('a.csv.columns.json', text)];
      await expect(readChosenFiles(files)).rejects.toMatchObject({
        key: 'columnsFile',
        message: 'a.csv.columns.json',
      });
    }
  });

  it('refuses a file that is not UTF-8 (GBK from Excel), large or small, in every format', async () => {
    // 名称,数量 / 苹果,3 in GBK: read as UTF-8 it was replacement characters.
    const gbk = new Uint8Array([0xc3, 0xfb, 0xb3, 0xc6, 0x2c, 0xca, 0xfd, 0xc1, 0xbf, 0x0a]);
    const bytes = (name: string, ...parts: BlobPart[]) => new File([gbk, ...parts], name);
    for (const name of ['a.csv', 'a.tsv', 'a.json', 'a.jsonl']) {
      await expect(readTableFile(bytes(name))).rejects.toMatchObject({ key: 'encoding' });
    }
    const rows = 'a,b\n'.repeat(Math.ceil(LARGE_FILE_BYTES / 4) + 1);
    await expect(readTableFile(bytes('big.csv', rows))).rejects.toMatchObject({ key: 'encoding' });
    // A large JSON Lines file is sampled: a character cut at the sample's end is no fault.
    const line = `{"城市":"${'北京'.repeat(100)}"}\n`;
    const big = file('big.jsonl', line.repeat(Math.ceil(LARGE_FILE_BYTES / line.length) + 10));
    expect((await readTableFile(big)).attributes).toEqual(['城市']);
  });

  it('streams each format as itself and refuses other files', async () => {
    expect(streamFormatOf({ kind: 'tsv', name: 'x.tsv', size: 1 })).toBe('tsv');
    expect(streamFormatOf({ kind: 'csv', name: 'x.csv', size: 1 })).toBe('csv');
    await expect(readTableFile(file('x.xlsx', 'PK'))).rejects.toMatchObject({ key: 'fileType' });
  });
});
