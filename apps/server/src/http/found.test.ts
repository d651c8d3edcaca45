import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error';
import type { DataScopeFilter } from './data-scope';
import { found, foundInScope } from './found';
import type { AuthContext } from './request-context';

const callerWith = (dataScope: DataScopeFilter): AuthContext => ({
  sessionId: 's',
  userId: 7,
  username: 'u',
  customerId: 2,
  permissions: new Set(),
  isSuperAdmin: false,
  dataScope,
});
const customers2 = callerWith({ all: false, customerIds: [2], ownRowsOf: null });
const ownRows = callerWith({ all: false, customerIds: [], ownRowsOf: 7 });

const notFound = (promise: Promise<unknown>) =>
  expect(promise).rejects.toSatisfy((err) => err instanceof AppError && err.code === 'A0404');

describe('found', () => {
  it('answers the first row, and A0404 when there is none', async () => {
    expect(await found(Promise.resolve([{ id: 1 }, { id: 2 }]))).toEqual({ id: 1 });
    await notFound(found(Promise.resolve([])));
  });
});

describe('foundInScope', () => {
  it("answers a row of a customer in the caller's scope", async () => {
    expect(await foundInScope(customers2, Promise.resolve([{ id: 1, customerId: 2 }]))).toEqual({
      id: 1,
      customerId: 2,
    });
  });

  it('answers A0404 for a row of another customer, as for a missing one', async () => {
    await notFound(foundInScope(customers2, Promise.resolve([{ id: 1, customerId: 3 }])));
    await notFound(foundInScope(customers2, Promise.resolve([])));
  });

  it("lets scope 5 see its own rows by the row's owner, and no row without one", async () => {
    expect(await foundInScope(ownRows, Promise.resolve([{ customerId: 3, ownerUserId: 7 }]))).toBeTruthy();
    await notFound(foundInScope(ownRows, Promise.resolve([{ customerId: 3, ownerUserId: 8 }])));
    await notFound(foundInScope(ownRows, Promise.resolve([{ customerId: 3 }])));
  });
});
