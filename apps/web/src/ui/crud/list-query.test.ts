import {
  encodeCursor,
  jobPageQuerySchema,
  operationLogPageRequestSchema,
  userPageQuerySchema,
} from '@agent-console/contracts';
import { postPageQuerySchema } from '@agent-console/contracts/system-post';
import { describe, expect, it } from 'vitest';
import { readListQuery, writeListQuery } from './list-query';

const POST = { sortable: ['code', 'name'] as const, defaultPageSize: 10, schema: postPageQuerySchema };

describe('list state in the URL query', () => {
  it('writes only what differs from the defaults and reads it back with its types', () => {
    const state = {
      filters: { code: 'ops', enabled: true },
      pageNum: 3,
      pageSize: 20,
      orderBy: { field: 'name' as const, direction: 'desc' as const },
    };
    const query = writeListQuery(state, new URLSearchParams(), POST);
    expect(query.toString()).toBe('code=ops&enabled=true&orderBy=name.desc&pageNum=3&pageSize=20');
    expect(readListQuery(query, POST)).toEqual(state);
    expect(writeListQuery({ filters: {}, pageNum: 1, pageSize: 10 }, new URLSearchParams(), POST).toString()).toBe('');
  });

  it('keeps text that looks like another type as text', () => {
    const query = writeListQuery(
      { filters: { code: '123', name: 'true' }, pageNum: 1, pageSize: 10 },
      new URLSearchParams(),
      POST,
    );
    expect(readListQuery(query, POST).filters).toEqual({ code: '123', name: 'true' });
  });

  it('round-trips numbers and time ranges of other lists', () => {
    const users = { sortable: ['username'] as const, defaultPageSize: 10, schema: userPageQuerySchema };
    const filters = { customerId: 7, createdFrom: '2026-01-01T00:00:00.000Z', createdTo: '2026-02-01T00:00:00.000Z' };
    const query = writeListQuery({ filters, pageNum: 1, pageSize: 10 }, new URLSearchParams(), users);
    expect(readListQuery(query, users).filters).toEqual(filters);
  });

  it('ignores malformed paging, unknown sort fields and values the schema refuses', () => {
    const read = readListQuery(new URLSearchParams('pageNum=abc&pageSize=-3&orderBy=zzz&enabled=maybe&code=ok'), POST);
    expect(read).toEqual({ filters: { code: 'ok' }, pageNum: 1, pageSize: 10, orderBy: undefined });
    expect(readListQuery(new URLSearchParams('pageSize=100000&orderBy=code.sideways'), POST)).toMatchObject({
      pageSize: 10,
      orderBy: undefined,
    });
  });

  it("keeps the page's own parameters that the list does not own", () => {
    const jobs = { sortable: ['name'] as const, defaultPageSize: 10, schema: jobPageQuerySchema };
    const query = writeListQuery(
      { filters: { name: 'x' }, pageNum: 2, pageSize: 10 },
      new URLSearchParams('tab=logs'),
      jobs,
    );
    expect(query.get('tab')).toBe('logs');
    expect(readListQuery(query, jobs).filters).toEqual({ name: 'x' });
  });

  it("keeps a keyset list's cursor, but not on the first page, nor one the contract refuses", () => {
    const logs = { sortable: ['createdAt'] as const, defaultPageSize: 20, schema: operationLogPageRequestSchema };
    const keyset = { ...logs, keyset: true };
    const cursor = encodeCursor({ order: 'createdAt.desc', key: 1_714_521_600_000_001, id: 42 });
    const state = { filters: { title: 'x' }, pageNum: 3, pageSize: 20, cursor, cursorDirection: 'prev' as const };
    const query = writeListQuery({ ...state, known: { total: 99, exact: true } }, new URLSearchParams(), keyset);
    expect(query.toString()).toBe(`title=x&pageNum=3&cursor=${cursor}&cursorDirection=prev`);
    expect(readListQuery(query, keyset)).toEqual({ ...state, orderBy: undefined });
    // A list that does not page by cursor, page 1, or a forged cursor: paged by number.
    expect(readListQuery(query, logs)).toEqual({
      filters: { title: 'x' },
      pageNum: 3,
      pageSize: 20,
      orderBy: undefined,
    });
    expect(readListQuery(new URLSearchParams(`cursor=${cursor}`), keyset)).not.toHaveProperty('cursor');
    const forged = readListQuery(new URLSearchParams('pageNum=2&cursor=bm90IGpzb24&withTotal=false'), keyset);
    expect(forged).toEqual({ filters: {}, pageNum: 2, pageSize: 20, orderBy: undefined });
  });
});
