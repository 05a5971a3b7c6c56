import { describe, expect, it } from 'vitest';
import { checkName, checkTags, parseTags } from '../../src/lib/dataset-rules.ts';
import {
  DATASET_NAME_MAX,
  datasetDescriptionSchema,
  datasetNameSchema,
  datasetTagsSchema,
} from '../../src/contracts/datasets.ts';
import {
  EMPTY_METADATA,
  checkMetadata,
  metadataOf,
  nameFromFile,
} from '../../src/islands/datasets/metadata.ts';

/** The dataset forms judge names and tags as the server does, before sending them. */
const family = '👨\u200d👩\u200d👧';
const persian = 'می\u200cخواهم';

describe('browser dataset rules', () => {
  it.each([
    '人口普查',
    family,
    `${persian} 2024`,
    '  ',
    '\u200b',
    '\u2060\u200d\u00ad',
    '\ufe0f',
    '\u202e\u0645abc',
    'report\u2066.txt\u2069',
    'a\u200bb',
  ])('name %j is judged as the server judges it', (name) => {
    expect(checkName(name) === null).toBe(datasetNameSchema.safeParse(name).success);
  });

  it('says why a name is refused', () => {
    expect(checkName('\u200b\u200d')?.key).toBe('datasets:rules.nameRequired');
    expect(checkName('\u202e\u0645abc')?.key).toBe('datasets:rules.nameCharacters');
    expect(checkName('a\u2067b')?.key).toBe('datasets:rules.nameCharacters');
  });

  it.each([
    `人口, ${family}, ${persian}`,
    'a\u202eb',
    'ok, \u2068x\u2069',
    '\u200b',
    'census, \u00ad',
    '㍿'.repeat(8),
    Array.from({ length: 10 }, (_, i) => `t${i}`).join(',') + ', Ｔ０',
  ])('tags %j are judged as the server judges them', (typed) => {
    const sent = parseTags(typed);
    expect(checkTags(typed) === null).toBe(datasetTagsSchema.safeParse(sent).success);
  });

  it('count tags as the server stores them, made plain', () => {
    expect(parseTags('ＡＩ, ai, ㍿')).toEqual(['ai', '株式会社']);
    expect(checkTags('㍿'.repeat(8))?.key).toBe('datasets:rules.tagLength');
  });

  it('leaves out tags with nothing visible, as empty ones, and keeps joined ones exactly', () => {
    expect(parseTags('census, \u200b, \u2060\ufeff, ,')).toEqual(['census']);
    expect(parseTags(`${family}，${persian}`)).toEqual([family, persian]);
    expect(checkTags('a\u202eb')?.key).toBe('datasets:rules.tagCharacters');
  });

  it('make the upload and edit forms show the errors before sending', () => {
    const values = { ...EMPTY_METADATA, name: '\u200b', tags: 'a\u202eb' };
    expect(checkMetadata(values)).toMatchObject({
      name: { key: 'datasets:rules.nameRequired' },
      tags: { key: 'datasets:rules.tagCharacters' },
    });
    const fine = { ...EMPTY_METADATA, name: `${family} 人口`, tags: `${persian}, \u200b` };
    expect(checkMetadata(fine)).toMatchObject({ name: undefined, tags: undefined });
    expect(metadataOf(fine)).toMatchObject({ name: `${family} 人口`, tags: [persian] });
  });

  it.each(['\u200b', ' \u2060\ufeff ', '\u2800\u3164', '\u202b\u202c', '\u00ad\n\u200b'])(
    'a description of %j shows nothing and is stored empty',
    (description) => {
      expect(datasetDescriptionSchema.parse(description)).toBe('');
    },
  );

  it('keeps a right-to-left description with its direction controls', () => {
    const rtl = '\u202bمجموعة **بيانات** 2024\u202c\n\n\u2067العربية\u2069 text';
    expect(datasetDescriptionSchema.parse(` ${rtl} `)).toBe(rtl);
    expect(datasetDescriptionSchema.parse(`${family} ${persian}`)).toBe(`${family} ${persian}`);
  });

  it('offers a chosen file name, without its ending, as a new dataset name', () => {
    expect(nameFromFile('城市人口.csv')).toBe('城市人口');
    expect(nameFromFile('city_population__2024.CSV.gz')).toBe('city population 2024');
    expect(nameFromFile('sales.jsonl')).toBe('sales');
    expect(nameFromFile('notes.v2.tsv')).toBe('notes.v2');
    expect(nameFromFile('.csv')).toBe('');
    const long = nameFromFile(`${'表'.repeat(150)}.json`);
    expect([...long]).toHaveLength(DATASET_NAME_MAX);
    expect(checkName(long)).toBeNull();
  });
});
