import { describe, expect, it } from 'vitest';
import { getT } from '../../src/i18n/index.ts';
import { originGone } from '../../src/lib/fork-credit.ts';

describe('originGone', () => {
  it('names a deleted origin as recorded, and says no more than "unavailable" otherwise', () => {
    const credit = { name: '城市人口', author: 'alice' };
    expect(originGone(credit, getT('zh-CN'))).toBe('城市人口（alice，原数据集已删除）');
    expect(originGone(credit, getT('en-US'))).toBe('城市人口 by alice (origin deleted)');
    // Deleted, private or its owner deactivated: the reader is not told which.
    expect(originGone(null, getT('zh-CN'))).toBe('原数据集不可用');
    expect(originGone(null, getT('en-US'))).toBe('origin unavailable');
  });
});
