import { useDatabaseCopy } from '@agent-console/server/test/fixtures/database-copy';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error';
import { guardConstraints } from './constraint-errors';
import { customers, users } from './schema';

const database = useDatabaseCopy();

async function caught(work: () => Promise<unknown>): Promise<AppError> {
  try {
    await work();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('no error');
}

describe('guardConstraints', () => {
  it('names the field whose unique index the write broke, among those the write may clash on', async () => {
    const [root] = await database.db.select().from(customers).limit(1);
    if (!root) throw new Error('no customer');
    const row = { customerId: root.id, nickName: 'N', passwordHash: 'x' };
    await database.db
      .insert(users)
      .values({ ...row, username: 'clash-a', phone: '13900000001', email: 'a@example.com' });
    const insert = (username: string, phone: string, email: string) =>
      guardConstraints(['username', 'phone', 'email'], () =>
        database.db.insert(users).values({ ...row, username, phone, email }),
      );
    const email = await caught(() => insert('clash-b', '13900000002', 'A@example.com'));
    expect([email.code, email.data]).toEqual(['A0111', { fields: [{ field: 'email', reason: 'taken' }] }]);
    const phone = await caught(() => insert('clash-c', '13900000001', 'c@example.com'));
    expect(phone.data).toEqual({ fields: [{ field: 'phone', reason: 'taken' }] });
    const username = await caught(() => insert('CLASH-A', '13900000003', 'd@example.com'));
    expect(username.data).toEqual({ fields: [{ field: 'username', reason: 'taken' }] });
  });
});
