import { randomUUID } from 'node:crypto';
import type { MainPromptConfig, NewCustomerAccessConfig } from '@agent-console/contracts';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { postMultipart } from '@agent-console/server/test/fixtures/knowledge';
import type { TestApp } from '@agent-console/server/test/test-app';
import { eq } from 'drizzle-orm';
import { aiRoleConfigs, storedObjects } from '../../../db/schema';
import { newStorageKey } from '../../../storage/object-storage';

/** Calls and fixtures shared by the AI role API tests. */
export const AI = '/api/v3/ai-role';
export type Fields = { fields: { field: string; reason: string; subject?: string }[] };

/** The smallest PNG header the object store recognises as an image. */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

export function aiRoleCalls(t: TestApp) {
  const getPrompt = (token: string, customerId: number, appId: number, lang = 'en') =>
    t.call<MainPromptConfig & Fields>('GET', `${AI}/getMainPromptConfig?customerId=${customerId}&appId=${appId}`, {
      token,
      lang,
    });
  const getAccess = (token: string, customerId: number, appId: number, lang = 'en') =>
    t.call<NewCustomerAccessConfig & Fields>(
      'GET',
      `${AI}/getNetCustomerAccessConfigValue?customerId=${customerId}&appId=${appId}`,
      { token, lang },
    );
  const command = <T = unknown>(token: string, body: object, lang = 'en') =>
    t.call<T & Fields>('POST', `${AI}/process-command`, { token, body, lang });
  const savePrompt = (token: string, customerId: number, appId: number, content: string, lang = 'en') =>
    command<MainPromptConfig>(token, { command: 'saveMainPrompt', customerId, appId, content }, lang);
  const saveAccess = (token: string, body: Record<string, unknown>, lang = 'en') =>
    command<NewCustomerAccessConfig>(token, { command: 'saveNewCustomerAccess', ...body }, lang);
  /** Uploads through the object store as the welcome-message screen does. */
  const upload = (token: string, purpose: string, customerId: number, filename: string, data: Buffer) =>
    postMultipart<{ id: number; name: string; size: number }>(
      t,
      '/api/v3/oss/file/upload',
      token,
      [{ name: 'file', filename, data }],
      { 'x-file-purpose': purpose, 'x-customer-id': String(customerId) },
    );
  /** The stored row of an app's AI role, or undefined when never saved. */
  const row = async (appId: number) =>
    (await t.database.db.select().from(aiRoleConfigs).where(eq(aiRoleConfigs.appId, appId)))[0];
  /** A customer with an app, for a test of its own. */
  const customerApp = async (customerId: number) => ({ customerId, app: await insertApp(t, { customerId }) });
  /** A stored-object row without bytes: a size or kind the upload call would have refused. */
  const objectRow = async (values: {
    customerId: number;
    purpose: string;
    kind: string;
    size: number;
    name: string;
  }) => {
    const [created] = await t.database.db
      .insert(storedObjects)
      .values({
        customerId: values.customerId,
        ownerUserId: null,
        storageKey: newStorageKey(values.customerId, randomUUID()),
        originalName: values.name,
        mime: 'application/octet-stream',
        kind: values.kind,
        size: values.size,
        sha256: '0'.repeat(64),
        purpose: values.purpose,
      })
      .returning({ id: storedObjects.id });
    if (!created) throw new Error('object row not written');
    return created.id;
  };
  return { getPrompt, getAccess, command, savePrompt, saveAccess, upload, row, customerApp, objectRow };
}
