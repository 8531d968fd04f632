import { describe, expect, it } from 'vitest';
import {
  ID_MAX,
  idListSchema,
  idSchema,
  listQuerySchema,
  parseFieldFilters,
  parseSort,
} from './list.ts';

describe('listQuerySchema', () => {
  it('defaults limit and offset and caps the limit', () => {
    expect(listQuerySchema.parse({})).toMatchObject({ limit: 25, offset: 0 });
    expect(listQuerySchema.safeParse({ limit: '1001' }).success).toBe(false);
    expect(listQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(listQuerySchema.parse({ limit: '1000' }).limit).toBe(1000);
  });

  it('splits comma lists and ids', () => {
    const q = listQuerySchema.parse({
      fields: 'id,name',
      'search-fields': 'name,email',
      id: '1,2',
    });
    expect(q.fields).toEqual(['id', 'name']);
    expect(q['search-fields']).toEqual(['name', 'email']);
    expect(q.id).toEqual([1, 2]);
    expect(idListSchema.safeParse('1,x').success).toBe(false);
    expect(idListSchema.safeParse('1,0').success).toBe(false);
  });

  it('rejects sort expressions that are not field names', () => {
    expect(listQuerySchema.safeParse({ sort: 'name,-created_at' }).success).toBe(true);
    expect(listQuerySchema.safeParse({ sort: 'name;drop table' }).success).toBe(false);
  });
});

describe('parseSort', () => {
  it('reads dashes as descending', () => {
    expect(parseSort('name,-created_at')).toEqual([
      { field: 'name', desc: false },
      { field: 'created_at', desc: true },
    ]);
    expect(parseSort(undefined)).toEqual([]);
  });
});

describe('parseFieldFilters', () => {
  it('takes allowed fields and ne: negations only', () => {
    expect(
      parseFieldFilters({ status: '1,2', 'ne:model': 'RUT240', evil: 'x', limit: '5' }, [
        'status',
        'model',
      ]),
    ).toEqual([
      { field: 'status', negate: false, values: ['1', '2'] },
      { field: 'model', negate: true, values: ['RUT240'] },
    ]);
  });
});

describe('ids', () => {
  it('accepts ids up to the integer column maximum and refuses larger ones', () => {
    expect(idListSchema.parse(`1,${ID_MAX}`)).toEqual([1, ID_MAX]);
    expect(idListSchema.safeParse(String(ID_MAX + 1)).success).toBe(false);
    expect(idListSchema.safeParse('9999999999999999').success).toBe(false);
    expect(idSchema.parse('42')).toBe(42);
    expect(idSchema.safeParse('99999999999').success).toBe(false);
    expect(idSchema.safeParse('abc').success).toBe(false);
  });
});
