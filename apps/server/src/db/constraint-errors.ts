import { AppError } from '../lib/app-error';

/** The PostgreSQL error code of a failed statement, through Drizzle's wrapper if any. */
function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Services check uniqueness and references before writing; these catch the race where two
 * calls pass the check at once, so the loser gets an A-class answer instead of B0001.
 */
export async function guardConstraints<T>(field: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const code = pgCode(err);
    if (code === '23505') throw AppError.field('A0111', field, 'taken');
    if (code === '23503') throw AppError.field('A0440', field, 'inUse');
    throw err;
  }
}
