import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TableDraft } from '../../src/lib/tables/draft.ts';
import type { Problem } from '../../src/lib/tables/problems.ts';

const api = vi.hoisted(() => ({
  uploadDataset: vi.fn(() => Promise.resolve({ id: 7, name: 'cities' })),
  updateDataset: vi.fn((): Promise<unknown> => Promise.reject(new Error('The connection dropped'))),
  uploadVersion: vi.fn(() => Promise.resolve({})),
  validateContent: vi.fn(() => Promise.resolve({ isValid: true, errors: [] })),
}));
vi.mock('../../src/lib/api/datasets.ts', () => api);

const { checkDraft, publishDataset, publishVersion, PublishedUnfinished } =
  await import('../../src/stores/datasets.ts');

const file = new File(['zip,n\n02139,1\n'], 'big.csv');
/** A large file read in part: its types proposed from the rows read. */
const sampled: TableDraft = {
  source: { kind: 'csv', name: 'big.csv', size: file.size },
  attributes: ['zip', 'n'],
  types: ['integer', 'integer'],
  entries: [['02139', '1']],
  sampled: file,
  totalRows: 1,
};

/** How the tests publish: no progress shown, one Idempotency-Key. */
const send = { onProgress: () => undefined, idempotencyKey: 'publish-1' };

describe('a large file sent as a stream', () => {
  beforeEach(() => vi.clearAllMocks());

  it('declares the types changed on the page, leaving the others to be inferred', async () => {
    await publishVersion(1, 'v2', sampled, ['string', 'integer'], send);
    expect(api.uploadVersion).toHaveBeenCalledWith(
      1,
      'v2',
      { body: file, format: 'csv', attributeTypes: { zip: 'string' } },
      expect.anything(),
      'replace',
    );
    await checkDraft(sampled, ['string', 'integer']);
    expect(api.validateContent).toHaveBeenCalledWith({
      attributes: ['zip', 'n'],
      attributeTypes: { zip: 'string' },
      entries: [['02139', '1']],
    });
  });

  it('declares the types of a types file, also those equal to the proposed ones', async () => {
    const typed = { ...sampled, types: ['string', 'integer'], declared: { zip: 'string' } };
    await publishVersion(1, 'v2', typed as TableDraft, ['string', 'integer'], send);
    expect(api.uploadVersion).toHaveBeenCalledWith(
      1,
      'v2',
      { body: file, format: 'csv', attributeTypes: { zip: 'string' } },
      expect.anything(),
      'replace',
    );
  });

  it('declares none when no type was changed', async () => {
    await publishVersion(1, 'v2', sampled, sampled.types, send);
    expect(api.uploadVersion).toHaveBeenCalledWith(
      1,
      'v2',
      { body: file, format: 'csv', attributeTypes: {} },
      expect.objectContaining({ idempotencyKey: 'publish-1' }),
      'replace',
    );
  });

  it("adds the problems found past the sample to the server's check of it", async () => {
    const problem: Problem = {
      row: 5000,
      column: '城市',
      code: 'UNKNOWN_COLUMN',
      message: 'Row 5000: "城市" is not a column',
    };
    const checked = await checkDraft({ ...sampled, problems: [problem] }, sampled.types);
    expect(checked).toEqual({ isValid: false, errors: [problem] });
    expect(await checkDraft(sampled, sampled.types)).toEqual({ isValid: true, errors: [] });
  });

  it('checks the rows past the sample again with a type changed on the page', async () => {
    const big = new File(['zip,n\n02139,1\n02140,7.5\n'], 'big.csv');
    const draft: TableDraft = {
      ...sampled,
      sampled: big,
      totalRows: 2,
      later: { format: 'csv', attributes: ['zip', 'n'], header: false, fromRow: 2 },
      problems: [],
    };
    expect(await checkDraft(draft, ['integer', 'number'])).toEqual({ isValid: true, errors: [] });
    expect(await checkDraft(draft, ['integer', 'boolean'])).toEqual({
      isValid: false,
      errors: [
        {
          row: 2,
          column: 'n',
          code: 'INVALID_BOOLEAN',
          message: 'Row 2, column "n": "7.5" is not true or false',
        },
      ],
    });
  });
});

describe('a streamed dataset whose card and descriptions fail after the upload', () => {
  it('says which dataset was published, and why the rest was not saved', async () => {
    const meta = {
      ...{ name: 'cities', description: '', isPublic: true, language: 'zh-CN', tags: [] },
      ...{ license: null, citation: '', readme: '', columnDescriptions: { zip: 'Postal code' } },
    };
    const published = publishDataset(meta, sampled, sampled.types, send);
    await expect(published).rejects.toBeInstanceOf(PublishedUnfinished);
    await expect(published).rejects.toMatchObject({
      dataset: { id: 7, name: 'cities' },
      reason: new Error('The connection dropped'),
    });
    expect(api.uploadDataset).toHaveBeenCalledTimes(1);
    expect(api.uploadDataset).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'cities' }),
      expect.anything(),
      expect.objectContaining({ idempotencyKey: 'publish-1' }),
    );
    expect(api.updateDataset).toHaveBeenCalledWith(7, {
      columnDescriptions: { zip: 'Postal code' },
    });
  });
});
