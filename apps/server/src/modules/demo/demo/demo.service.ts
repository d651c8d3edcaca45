import {
  type DemoSummary,
  followupRobotSaveSchema,
  followupStrategySaveSchema,
  type LoginResponse,
  SUCCESS_CODE,
} from '@agent-console/contracts';
import type { AppDeps } from '../../../http/app-deps';
import type { AuthContext } from '../../../http/request-context';
import { gatewayRuntimeOf } from '../../../integrations/messaging-gateway/gateway-of';
import { AppError } from '../../../lib/app-error';
import { prng } from '../../../lib/prng';
import { answerUnitsIn } from '../../agent/answer/answer.repo';
import { createRobot } from '../../automation/followup/robot.service';
import { createStrategy } from '../../automation/followup/strategy.service';
import { sweepRobot } from '../../automation/followup-runtime/sweep';
import { appRuntimeOf, DEFAULT_APPS_HOST } from '../../channels/openai-app/runtime/runtime-of';
import { monthOf } from '../../config/usage/usage-period';
import { setQuota } from '../../insight/usage/usage.service';
import { claimNext, recordOutcome } from '../../messaging/outbox/pacing-governor';
import { type PacingPolicy, pacingPolicyOf } from '../../messaging/outbox/pacing-policy';
import { createAuthResolver } from '../../system/auth/auth-context.service';
import { type ClientInfo, createSession, deleteSessionByToken } from '../../system/auth/session.service';
import { customerIdByName } from '../../system/customer/customer.repo';
import { recordLoginEvent } from '../../system/monitor/login-log.service';
import { userByUsername } from '../../system/user/user.repo';
import { DEMO_CUSTOMER_NAME, DEMO_USERNAME, FOLLOWUP_TEXT } from './demo-content';
import { type HistorySize, writeHistory } from './demo-history';
import {
  createDemoApp,
  createDemoCustomer,
  createDemoKnowledge,
  createDemoUser,
  loginDemoAccount,
  type SetupDeps,
} from './demo-setup';

/** What the generator needs of the console: what main hands buildApp (the same database object). */
export type DemoDeps = Pick<
  AppDeps,
  'database' | 'storage' | 'boss' | 'gateway' | 'llm' | 'embeddings' | 'appsHost' | 'appPorts' | 'logger' | 'pacing'
> &
  Partial<Pick<AppDeps, 'secretBox' | 'clock' | 'metrics' | 'tasks'>>;

export const DEMO_SIZES: Record<'full' | 'small', HistorySize> = {
  full: { days: 14, contacts: 24, sessionsPerDay: [5, 9] },
  small: { days: 14, contacts: 6, sessionsPerDay: [1, 2] },
};

/** Usage is left just under the 80 % alert (docs/usage.md): the quota is set from what was used. */
const USAGE_SHARE = 0.78;
const SEED = 20_260_214;

/** Sends the demo records as made in the past: the governor's gaps and caps are for live sends. */
const PAST_PACING: Partial<PacingPolicy> = {
  minGapMs: 0,
  jitterMs: 0,
  perCharMs: 0,
  maxTypingMs: 0,
  dailyCap: 100_000,
  warmUp: [],
};

export async function demoUserExists(deps: Pick<AppDeps, 'database'>): Promise<boolean> {
  return (await userByUsername(deps.database.db, DEMO_USERNAME)) !== undefined;
}

/**
 * Generates the demo customer once (docs/demo.md): the demo user is written last, so its
 * presence says the demo is complete and a restart generates nothing. Every step is a call of
 * the module that owns it, as an administrator: the same checks, roll-ups and metering as the
 * screens' own calls. Answers `null` when the demo was there already.
 */
export async function ensureDemo(
  deps: DemoDeps,
  options: { size?: keyof typeof DEMO_SIZES; now?: Date } = {},
): Promise<DemoSummary | null> {
  if (await demoUserExists(deps)) return null;
  const { db } = deps.database;
  if ((await customerIdByName(db, DEMO_CUSTOMER_NAME)) !== undefined) {
    throw new Error('an earlier demo generation did not finish: delete the demo data folder and start again');
  }
  const { boss, storage } = deps;
  const gateway = gatewayRuntimeOf(deps);
  if (!boss || !storage) throw new Error('the demo needs the job queue and the object storage');
  if (!gateway.simulator) throw new Error('the demo needs the built-in messaging simulator (GATEWAY_DRIVER=simulator)');
  const size = DEMO_SIZES[options.size ?? 'full'];
  const pacing = pacingPolicyOf({ ...deps.pacing, ...PAST_PACING });
  const started = Date.now();

  return asAdministrator(deps, async (admin) => {
    const setup: SetupDeps = {
      db,
      boss,
      storage,
      apps: appRuntimeOf(deps),
      appsHost: deps.appsHost ?? DEFAULT_APPS_HOST,
      gateway: () => gateway.adapter,
      simulator: gateway.simulator as NonNullable<typeof gateway.simulator>,
      pacing: pacingPolicyOf(deps.pacing),
    };
    const customerId = await createDemoCustomer(db, admin);
    const appId = await createDemoApp(setup, admin, customerId);
    await createDemoKnowledge(setup, admin, customerId);
    const accountId = await loginDemoAccount(setup, admin, customerId, appId);
    const now = options.now ?? new Date();
    const history = await writeHistory(
      { db, llm: deps.llm ?? null, embeddings: deps.embeddings ?? null, pacing, personUserId: admin.userId },
      accountId,
      size,
      now,
      prng(SEED),
    );
    const followups = await followUp(setup, admin, { customerId, appId, accountId }, pacing, new Date());
    const used = await answerUnitsIn(db, customerId, monthOf(new Date()));
    const quota = Math.max(used + 1, Math.ceil(used / USAGE_SHARE));
    await setQuota(db, admin, { customerId, quota }, new Date());
    await createDemoUser(db, admin, customerId);
    return {
      customerId,
      appId,
      accountId,
      messages: history.incoming + history.replies + history.personReplies,
      leads: history.leads,
      followupsSent: followups,
      quota,
      used,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  });
}

/**
 * A follow-up strategy ("quiet for a day") and the account's robot, swept once now: the contacts
 * that went quiet get its message through the send queue, and the send log shows them.
 */
async function followUp(
  setup: SetupDeps,
  admin: AuthContext,
  target: { customerId: number; appId: number; accountId: number },
  pacing: PacingPolicy,
  now: Date,
): Promise<number> {
  const { db } = setup;
  const strategy = await createStrategy(
    db,
    admin,
    followupStrategySaveSchema.parse({
      customerId: target.customerId,
      appId: target.appId,
      name: 'Quiet for a day',
      triggerType: 'noReply',
      triggerValue: 24,
      steps: [{ type: 'text', text: FOLLOWUP_TEXT }],
      maxSendsPerContact: 1,
      enabled: true,
    }),
    'en',
  );
  await createStrategy(
    db,
    admin,
    followupStrategySaveSchema.parse({
      customerId: target.customerId,
      appId: target.appId,
      name: 'One week a friend',
      triggerType: 'afterFriend',
      triggerValue: 7,
      steps: [{ type: 'text', text: 'A week with Brightleaf: how is your home climate? Tell us if we can help.' }],
      maxSendsPerContact: 1,
      quietStart: '21:00',
      quietEnd: '23:00',
      enabled: false,
    }),
    'en',
  );
  const robot = await createRobot(
    db,
    admin,
    followupRobotSaveSchema.parse({
      accountId: target.accountId,
      strategyIds: [strategy.id],
      dailyCap: 40,
      workStart: '00:00',
      workEnd: '23:59',
      enabled: true,
    }),
    'en',
    now,
  );
  const { queued } = await sweepRobot({ db, pacing }, robot.id, now);
  let sent = 0;
  for (let i = 0; i < queued; i++) {
    const claim = await claimNext(db, pacing, target.accountId, now, () => 0);
    // The live sender may hold the account (the minute sweep found the robot too): it sends the rest.
    if (claim.kind !== 'send') break;
    await recordOutcome(
      db,
      pacing,
      target.accountId,
      claim.message.id,
      { kind: 'sent', msgId: `demo-followup-${claim.message.id}` },
      claim.at,
    );
    sent++;
  }
  return sent;
}

/** Runs `work` with a session of the built-in administrator, ended afterwards. */
async function asAdministrator<T>(deps: DemoDeps, work: (admin: AuthContext) => Promise<T>): Promise<T> {
  const { db } = deps.database;
  const admin = await userByUsername(db, 'admin');
  if (!admin) throw new Error('demo: the administrator is missing');
  const { token } = await createSession(db, admin, { ip: '127.0.0.1', userAgent: 'demo generator' });
  try {
    const auth = await createAuthResolver(db, deps.database.changes)(token);
    if (!auth) throw new Error('demo: the administrator cannot sign in');
    return await work(auth);
  } finally {
    await deleteSessionByToken(db, token);
  }
}

/**
 * "Try the demo": a normal session of the demo user, recorded in the login log like any sign-in.
 * Without the user (a generation that has not finished) it fails as a wrong account would
 * (SPEC §8, "Mock login failure (demo only): account or password incorrect").
 */
export async function demoLogin(deps: Pick<AppDeps, 'database'>, client: ClientInfo): Promise<LoginResponse> {
  const { db } = deps.database;
  const user = await userByUsername(db, DEMO_USERNAME);
  if (!user?.enabled) throw new AppError('A0210');
  const { token } = await createSession(db, user, client);
  await recordLoginEvent(db, {
    event: 'login',
    status: 'success',
    code: SUCCESS_CODE,
    username: user.username,
    userId: user.id,
    customerId: user.customerId,
    ip: client.ip,
    userAgent: client.userAgent,
  });
  return { id: user.id, accessToken: token, nickName: user.nickName };
}
