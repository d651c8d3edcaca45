import { randomBytes } from 'node:crypto';
import {
  appSaveSchema,
  chatLoginInfoQuerySchema,
  chatLoginQuerySchema,
  DICT_TYPES,
  deptSaveSchema,
  qaSaveSchema,
  roleSaveSchema,
  userCreateSchema,
} from '@agent-console/contracts';
import type PgBoss from 'pg-boss';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../http/request-context';
import type { MessagingGateway } from '../../../integrations/messaging-gateway/gateway';
import type { GatewaySimulator } from '../../../integrations/messaging-gateway/simulator/simulator';
import { makeDocx } from '../../../lib/docx-writer';
import type { ObjectStorage } from '../../../storage';
import type { AppRuntime } from '../../channels/openai-app/runtime/app-runtime';
import { saveNewCustomerAccess } from '../../config/ai-role/new-customer-access';
import { createApp } from '../../config/app-config/app.service';
import { suggestPort } from '../../config/app-config/app-port';
import { knowledgeFileProcessStatus } from '../../knowledge/documents/document.repo';
import { saveFile } from '../../knowledge/documents/knowledge.service';
import { qaSave } from '../../knowledge/qa/qa.service';
import { addressInitStatus, loginSessionGatewayId } from '../../messaging/account/account.repo';
import { setAccountApp } from '../../messaging/account/chat-account.service';
import { pollLogin, startLogin } from '../../messaging/account/chat-login.service';
import { requestAddressInit } from '../../messaging/contact/address-init';
import type { PacingPolicy } from '../../messaging/outbox/pacing-policy';
import { rootCustomerId } from '../../system/customer/customer.repo';
import { createDept } from '../../system/dept/dept.service';
import { firstEnabledDictValue } from '../../system/dict/dict.repo';
import { allMenuPermissions } from '../../system/menu/menu.repo';
import { storeUpload } from '../../system/oss/oss.service';
import { createRole, updateRolePermissions } from '../../system/role/role.service';
import { createUser } from '../../system/user/user.service';
import {
  DEMO_APP_CODE,
  DEMO_CUSTOMER_NAME,
  DEMO_DOCUMENT_NAME,
  DEMO_ROLE_KEY,
  DEMO_USERNAME,
  EXTRA_QA,
  FAQ,
} from './demo-content';

/** What the set-up steps work with: the console's own services, as its routes hand them over. */
export interface SetupDeps {
  db: Db;
  boss: PgBoss;
  storage: ObjectStorage;
  apps: AppRuntime;
  appsHost: string;
  gateway: () => MessagingGateway;
  simulator: GatewaySimulator;
  pacing: PacingPolicy;
}

/** The last segment of the permission codes that only read: the demo user holds these and no others. */
const READ_ONLY_ACTIONS = new Set(['list', 'query', 'view']);

/** Waits for a condition the background workers bring about (document processing, contact loading). */
async function waitFor<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`demo: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The demo customer, under the root customer, as an administrator creates one. */
export async function createDemoCustomer(db: Db, admin: AuthContext): Promise<number> {
  const rootId = await rootCustomerId(db);
  if (rootId === undefined) throw new Error('demo: no root customer');
  const dept = await createDept(
    db,
    admin,
    deptSaveSchema.parse({
      parentId: rootId,
      name: DEMO_CUSTOMER_NAME,
      leader: 'Mia Chen',
      email: 'support@example.com',
    }),
    'en',
  );
  return dept.id;
}

/**
 * The read-mostly role and its user: every screen (directories, pages) and every button that only
 * reads, of the demo customer only (data scope 3). Writes, deletes and settings need codes it
 * does not hold, so the guard refuses them (A0312) as for any user without them.
 */
export async function createDemoUser(db: Db, admin: AuthContext, customerId: number): Promise<number> {
  const role = await createRole(
    db,
    admin,
    roleSaveSchema.parse({
      customerId,
      name: 'Demo viewer',
      key: DEMO_ROLE_KEY,
      dataScope: 3,
      remark: 'Sees every screen of the demo customer; changes nothing.',
    }),
    'en',
  );
  const rows = await allMenuPermissions(db);
  const menuIds = rows
    .filter((m) => (m.permission ? READ_ONLY_ACTIONS.has(m.permission.split(':').at(-1) ?? '') : m.type !== 'button'))
    .map((m) => m.id);
  await updateRolePermissions(db, admin, role.id, menuIds, 'en');
  // Nobody signs in with this password: "Try the demo" opens the session (demo.routes.ts).
  const password = randomBytes(24).toString('hex');
  const user = await createUser(
    db,
    admin,
    userCreateSchema.parse({
      customerId,
      username: DEMO_USERNAME,
      password,
      nickName: 'Demo visitor',
      roleIds: [role.id],
      remark: 'Signed in by "Try the demo".',
    }),
    'en',
  );
  return user.id;
}

/** The app that answers the demo's contacts, created and started (its own port from APP_PORTS). */
export async function createDemoApp(deps: SetupDeps, admin: AuthContext, customerId: number): Promise<number> {
  const port = await suggestPort(deps.db, deps.appsHost, deps.apps.ports);
  const app = await createApp(
    deps.db,
    deps.apps,
    admin,
    appSaveSchema.parse({
      customerId,
      name: 'Brightleaf assistant',
      code: DEMO_APP_CODE,
      port,
      description: 'Answers customers on the messaging account from the product FAQ.',
    }),
    'en',
  );
  await deps.apps.start(app.id);
  await saveNewCustomerAccess(deps.db, admin, {
    customerId,
    appId: app.id,
    autoAcceptFriend: true,
    welcomeMessages: [
      { id: 'w1', type: 'text', text: 'Welcome to Brightleaf Home! Ask me anything about the T2 thermostat.' },
    ],
    leadItems: [
      { item: 'Phone', description: 'The phone number the customer gives', example: '+1 415 555 0100' },
      { item: 'Email', description: 'The email address the customer gives', example: 'name@example.com' },
    ],
  });
  return app.id;
}

/**
 * The FAQ as a Word document, uploaded and processed by the document worker (fragments and one
 * mined QA per question it asks), then a few QA records written by hand beside it.
 */
export async function createDemoKnowledge(deps: SetupDeps, admin: AuthContext, customerId: number): Promise<number> {
  const paragraphs = [
    'Brightleaf T2 thermostat: frequently asked questions',
    ...FAQ.flatMap((f) => [f.question, f.answer]),
  ];
  const object = await storeUpload(
    deps.db,
    deps.storage,
    admin,
    { data: makeDocx(paragraphs), filename: DEMO_DOCUMENT_NAME, fields: {} },
    'knowledge',
    customerId,
  );
  const file = await saveFile(deps.db, deps.boss, admin, { objectId: object.id });
  await waitFor('the FAQ document to be processed', async () => {
    const status = await knowledgeFileProcessStatus(deps.db, file.id);
    return status === 'completed' ? true : undefined;
  });
  for (const qa of EXTRA_QA) await qaSave(deps.db, admin, qaSaveSchema.parse({ ...qa, fileId: file.id }));
  return file.id;
}

/** The first enabled messaging region of the seeded dictionary. */
async function firstRegion(db: Db): Promise<number> {
  const value = await firstEnabledDictValue(db, DICT_TYPES.chatRegion);
  if (value === undefined) throw new Error('demo: no messaging region in the dictionary');
  return Number(value);
}

/**
 * A messaging account logged in through the QR dialog's own calls, the simulator's phone
 * confirming it, then serving the app and with its address list loaded by the contacts worker.
 */
export async function loginDemoAccount(
  deps: SetupDeps,
  admin: AuthContext,
  customerId: number,
  appId: number,
): Promise<number> {
  const loginDeps = { db: deps.db, gateway: deps.gateway, pacing: deps.pacing };
  const region = await firstRegion(deps.db);
  const started = await startLogin(loginDeps, admin, chatLoginQuerySchema.parse({ region, customerId }), 'en');
  const gatewaySessionId = await loginSessionGatewayId(deps.db, started.loginSessionId);
  if (gatewaySessionId === undefined) throw new Error('demo: the login session was not stored');
  // The person scanning the code: the simulator's phone page opened and confirmed.
  const phone = await deps.simulator.login(gatewaySessionId);
  if (!phone) throw new Error('demo: the simulator does not know the login');
  await deps.simulator.openPhone(phone.phoneId);
  await deps.simulator.confirm(phone.phoneId, region);
  const query = chatLoginInfoQuerySchema.parse({ loginSessionId: started.loginSessionId });
  const account = await waitFor('the messaging login', async () => {
    const info = await pollLogin(loginDeps, admin, query, 'en');
    return info.status === 'confirmed' ? info.account : undefined;
  });
  await setAccountApp(deps.db, admin, { accountId: account.id, appId });
  await requestAddressInit(deps.db, deps.boss, admin, account.id);
  await waitFor('the address list', async () => {
    const row = await addressInitStatus(deps.db, account.id);
    if (row?.status === 'failed') throw new Error(`demo: loading contacts failed: ${row.error}`);
    return row?.status === 'completed' ? true : undefined;
  });
  return account.id;
}
