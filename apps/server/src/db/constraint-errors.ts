import { AppError } from '../lib/app-error';

/** The PostgreSQL error of a failed statement (code, violated constraint), through Drizzle's wrapper if any. */
function pgError(err: unknown): { code?: string; constraint?: string } {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return {};
}

/**
 * Of the fields a write may clash on, the one the violated index is named after
 * (`users_email_uq` → email); the first when the name says nothing.
 */
function clashingField(fields: readonly string[], constraint: string | undefined): string {
  return fields.find((field) => constraint?.includes(`_${field.toLowerCase()}_`)) ?? fields[0] ?? '';
}

/**
 * Services check uniqueness and references before writing; these catch the race where two
 * calls pass the check at once, so the loser gets an A-class answer instead of B0001. A write
 * that may clash on several unique fields names them all; the answer names the one that clashed.
 */
export async function guardConstraints<T>(field: string | readonly string[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const { code, constraint } = pgError(err);
    const named = clashingField(typeof field === 'string' ? [field] : field, constraint);
    if (code === '23505') throw AppError.field('A0111', named, 'taken');
    if (code === '23503') throw AppError.field('A0440', named, 'inUse');
    throw err;
  }
}
