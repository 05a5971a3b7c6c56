import type zhCN from '../zh-CN/all.ts';

const files = import.meta.glob<Record<string, string>>('./*.json', {
  eager: true,
  import: 'default',
});

/**
 * Every area's strings in en-US: each JSON file beside this one, under its file name. The areas
 * and keys are zh-CN's; a unit test fails when this locale lacks one.
 */
export default Object.fromEntries(
  Object.entries(files).map(([file, strings]) => [file.slice(2, -'.json'.length), strings]),
) as typeof zhCN;
