import { randomUUID } from 'node:crypto';
import {
  AI_ROLE_ROUTES,
  type ApiRoute,
  type ErrorCode,
  type FieldError,
  routeUrl,
  WELCOME_FILE_KINDS,
  WELCOME_FILE_MAX_BYTES,
  WELCOME_IMAGE_KINDS,
  WELCOME_UPLOAD_PURPOSE,
  type WelcomeMessage,
  type WelcomeMessageInput,
  type WelcomeMessageView,
} from '@agent-console/contracts';
import type { Db, Executor } from '../../../db/client';
import { inScope } from '../../../http/data-scope';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { storedObjectFacts, storedObjectRows } from '../../system/oss/oss.repo';

const PURPOSES: readonly string[] = Object.values(WELCOME_UPLOAD_PURPOSE);
const KINDS: Record<'file' | 'image', readonly string[]> = { file: WELCOME_FILE_KINDS, image: WELCOME_IMAGE_KINDS };

interface Fault {
  code: ErrorCode;
  field: FieldError;
}

/**
 * The welcome messages of a save as they are stored. A file or an image must be an object stored
 * for welcome messages (purpose attachment or image) of this customer, of a format its type
 * accepts, at most 10MB; its name and size come from the stored object, never from the request.
 * Every fault is named by row and field (`${fieldPrefix}.${index}.objectId`: follow-up steps use
 * these rules under their own name); the first decides the code, and nothing is written.
 */
export async function resolveWelcomeMessages(
  exec: Executor,
  customerId: number,
  inputs: readonly WelcomeMessageInput[],
  fieldPrefix = 'welcomeMessages',
): Promise<WelcomeMessage[]> {
  const ids = inputs.flatMap((m) => (m.type === 'text' ? [] : [m.objectId]));
  const objects = ids.length ? await storedObjectFacts(exec, ids) : [];
  const byId = new Map(objects.map((o) => [o.id, o]));
  const faults: Fault[] = [];
  const seen = new Set<string>();
  const out: WelcomeMessage[] = [];
  inputs.forEach((input, index) => {
    // A row keeps its key while it moves; a missing or repeated one gets a fresh key.
    const id = input.id && !seen.has(input.id) ? input.id : randomUUID();
    seen.add(id);
    if (input.type === 'text') {
      out.push({ id, type: 'text', text: input.text });
      return;
    }
    const field = `${fieldPrefix}.${index}.objectId`;
    const object = byId.get(input.objectId);
    if (!object || object.customerId !== customerId || !PURPOSES.includes(object.purpose)) {
      faults.push({ code: 'A0404', field: { field, reason: 'notCustomerFile' } });
      return;
    }
    if (!KINDS[input.type].includes(object.kind)) {
      const reason = input.type === 'file' ? 'notWelcomeFileType' : 'notWelcomeImageType';
      faults.push({ code: 'A0701', field: { field, reason, subject: object.name } });
      return;
    }
    if (object.size > WELCOME_FILE_MAX_BYTES) {
      faults.push({ code: 'A0702', field: { field, reason: 'fileOver10MB', subject: object.name } });
      return;
    }
    out.push({ id, type: input.type, objectId: object.id, fileName: object.name, size: object.size });
  });
  const [first] = faults;
  if (first) throw new AppError(first.code, { fields: faults.map((f) => f.field) });
  return out;
}

/**
 * Stored welcome messages with the address that shows each file or image: the AI role's file
 * route, or another route (`fileRoute`, e.g. a follow-up step's) for a screen whose permission that
 * one does not fit.
 */
export function withViewUrls<M extends WelcomeMessage>(
  messages: readonly M[],
  fileRoute: ApiRoute = AI_ROLE_ROUTES.welcomeFile,
): (M & Pick<WelcomeMessageView, 'url'>)[] {
  return messages.map((m) =>
    m.type !== 'text' && m.objectId !== undefined ? { ...m, url: routeUrl(fileRoute, { id: m.objectId }) } : { ...m },
  );
}

/**
 * A welcome file or image the caller may view: stored for welcome messages, of a customer within
 * the caller's scope. Anything else, a guessed id included, is A0404.
 */
export async function loadWelcomeObject(db: Db, auth: AuthContext, id: number) {
  const [row] = await storedObjectRows(db, id);
  if (!row || !PURPOSES.includes(row.purpose) || !inScope(auth, row.customerId)) throw AppError.notFound();
  return row;
}
