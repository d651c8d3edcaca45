import type { ErrorCode, FieldError, ServiceErrorData } from '@agent-console/contracts';

/**
 * A failure we expect and can explain to the caller. `data` is sent to the client,
 * so it must never hold secrets or internals.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly data: unknown = null,
    detail?: string,
  ) {
    super(detail ?? code);
  }

  static field(code: ErrorCode, field: string, reason: FieldError['reason']): AppError {
    return new AppError(code, { fields: [{ field, reason }] satisfies FieldError[] });
  }

  /** An outside service failed; `detail` is what it said, passed on to the caller as is. */
  static service(code: 'C0120' | 'C0500', detail: string): AppError {
    return new AppError(code, { detail } satisfies ServiceErrorData, detail);
  }

  static notFound(): AppError {
    return new AppError('A0404');
  }
}
