import { describe, expect, it } from 'vitest';
import { blobFiles, countRows, creationSuite, sampleTable } from '../../support/api.ts';

const { t, post } = creationSuite();

describe('POST /datasets/validate', () => {
  const validate = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/datasets/validate', payload });

  it('answers is_valid true and no errors for a good table, storing nothing', async () => {
    const files = await blobFiles(t);
    const res = await validate(sampleTable);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ is_valid: true, errors: [] });
    expect(await blobFiles(t)).toEqual(files);
  });

  it('lists the errors with row and column', async () => {
    const res = await validate({
      attributes: ['a', 'a'],
      entries: [],
    });
    expect(res.json().is_valid).toBe(false);
    expect(res.json().errors[0]).toMatchObject({ row: null, code: expect.any(String) });
    const rows = await validate({ attributes: ['a', 'b'], entries: [[1, 2], [3]] });
    expect(rows.json()).toEqual({
      is_valid: false,
      errors: [expect.objectContaining({ row: 2, code: 'ROW_LENGTH_MISMATCH' })],
    });
  });

  it('refuses an object row whose keys name one column twice, as publishing does', async () => {
    const table = { attributes: ['a', 'b'], entries: [{ a: 1, ' a': 2, b: 3 }] };
    const error = {
      row: 1,
      column: 'a',
      code: 'DUPLICATE_COLUMN',
      message: 'Row 1: " a" and "a" both name column "a"',
    };
    expect((await validate(table)).json()).toEqual({ is_valid: false, errors: [error] });
    const before = await countRows(t, 'datasets');
    const published = await post({ name: 'Twice', ...table });
    expect(published.statusCode).toBe(400);
    expect(published.json()).toMatchObject({
      code: 'INVALID_TABLE',
      message: `Invalid table: ${error.message}`,
      details: { errors: [error] },
    });
    expect(await countRows(t, 'datasets')).toBe(before);
  });

  it('reports content of the wrong shape as errors, as the spec has it: is_valid false', async () => {
    const problems = async (payload: object) => {
      const res = await validate(payload);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ is_valid: boolean }>().is_valid).toBe(false);
      return res.json<{ errors: { code: string; message: string }[] }>().errors;
    };
    expect(await problems({ attributes: [1], entries: [] })).toEqual([
      {
        row: null,
        column: null,
        code: 'ATTRIBUTE_NOT_TEXT',
        message: 'Column 1: the name must be text',
      },
    ]);
    expect((await problems({ attributes: 'a,b', entries: [] })).map((e) => e.code)).toEqual([
      'ATTRIBUTES_NOT_LIST',
    ]);
    expect((await problems({ attributes: ['a'], entries: 'x' })).map((e) => e.code)).toEqual([
      'ENTRIES_NOT_LIST',
    ]);
    expect(
      (await problems({ attributes: ['a'], attribute_types: ['integer'], entries: [] })).map(
        (e) => e.code,
      ),
    ).toEqual(['ATTRIBUTE_TYPES_NOT_OBJECT']);
    // A body that is not an object, or lacks a field, is still a malformed request.
    for (const body of [[1, 2], { entries: [] }]) {
      const res = await validate(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('reports a size limit as an error too', async () => {
    const res = await validate({
      attributes: ['n'],
      entries: Array.from({ length: 51 }, () => [1]),
    });
    expect(res.json().errors[0].code).toBe('TOO_MANY_ROWS');
  });
});
