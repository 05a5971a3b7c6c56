import { describe, expect, it } from 'vitest';
import { isBigInteger, parseJsonExact } from '../../src/lib/big-integer.ts';
import { keysToCamel, keysToSnake, toCamelKey, toSnakeKey } from '../../src/lib/case.ts';

describe('key case conversion', () => {
  it('converts single keys both ways', () => {
    expect(toCamelKey('created_at')).toBe('createdAt');
    expect(toCamelKey('last_login_at')).toBe('lastLoginAt');
    expect(toCamelKey('id')).toBe('id');
    expect(toCamelKey('_private')).toBe('_private');
    expect(toSnakeKey('isPublic')).toBe('is_public');
    expect(toSnakeKey('currentPassword')).toBe('current_password');
    expect(toSnakeKey('sha256')).toBe('sha256');
    expect(toSnakeKey('already_snake')).toBe('already_snake');
  });

  it('converts keys deeply through objects and arrays, never values', () => {
    const wire = {
      access_token: 'abc_def',
      expires_in: 900,
      user: { id: 1, is_verified: true, nick_name: 'snake_value' },
      datasets: [{ owner_id: 2, tags: ['machine_learning'] }],
    };
    expect(keysToCamel(wire)).toEqual({
      accessToken: 'abc_def',
      expiresIn: 900,
      user: { id: 1, isVerified: true, nickName: 'snake_value' },
      datasets: [{ ownerId: 2, tags: ['machine_learning'] }],
    });
    expect(keysToSnake(keysToCamel(wire))).toEqual(wire);
  });

  it('keeps big integers of a response exact (they are values, not objects to convert)', () => {
    const wire = parseJsonExact(
      '{"rows":[[9007199254740993,1]],"column_stats":{"max":9223372036854775807}}',
    );
    const camel: { rows: unknown[][]; columnStats: { max: unknown } } = keysToCamel(wire);
    expect(isBigInteger(camel.rows[0]?.[0])).toBe(true);
    expect(isBigInteger(camel.columnStats.max)).toBe(true);
    expect(JSON.stringify(camel)).toBe(
      '{"rows":[[9007199254740993,1]],"columnStats":{"max":9223372036854775807}}',
    );
  });

  it('leaves the keys of user data (rows, attribute types, descriptions, previews) alone', () => {
    const wire = {
      dataset_id: 5,
      attribute_types: { first_name: 'string', birthYear: 'number' },
      column_descriptions: { first_name: 'Given name', birthYear: 'Year of birth' },
      entries: [{ first_name: 'Ada', birthYear: 1815 }],
      preview: [{ some_column: 1 }],
    };
    const camel = keysToCamel<Record<string, unknown>>(wire);
    expect(camel).toEqual({
      datasetId: 5,
      attributeTypes: { first_name: 'string', birthYear: 'number' },
      columnDescriptions: { first_name: 'Given name', birthYear: 'Year of birth' },
      entries: [{ first_name: 'Ada', birthYear: 1815 }],
      preview: [{ some_column: 1 }],
    });
    expect(keysToSnake(camel)).toEqual(wire);
  });

  it('passes non-plain values through untouched and ignores __proto__ keys', () => {
    const date = new Date(0);
    const blob = new Blob(['x']);
    const out = keysToSnake<{ created_at: Date; file_data: Blob }>({
      createdAt: date,
      fileData: blob,
    });
    expect(out.created_at).toBe(date);
    expect(out.file_data).toBe(blob);
    const hostile = keysToCamel<Record<string, unknown>>(JSON.parse('{"__proto__": {"x": 1}}'));
    expect(Object.getPrototypeOf(hostile)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
    expect(keysToCamel(null)).toBeNull();
    expect(keysToCamel('snake_case')).toBe('snake_case');
  });
});
