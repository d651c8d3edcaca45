import { openTestDatabase, type TestDatabase } from '@agent-console/server/test/test-database';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedDatabase } from '.';

let database: TestDatabase;

beforeAll(async () => {
  // A copy of the migrated database that the first start already seeded.
  database = await openTestDatabase(inject('databaseTemplate'));
});
afterAll(() => database.dispose());

describe('seed on a later start', () => {
  it('hands back no secret to print: neither an admin password nor the root invitation code', async () => {
    expect(await seedDatabase(database.db, {})).toEqual({});
    expect(await seedDatabase(database.db, { adminPassword: 'another-password-1' })).toEqual({});
  });
});
