import { type Envelope, SUCCESS_CODE } from '@agent-console/contracts';

export function ok<T>(data: T): Envelope<T> {
  return { code: SUCCESS_CODE, message: 'ok', data };
}
