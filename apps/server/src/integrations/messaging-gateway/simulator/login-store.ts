import type { GatewayProfile } from '../gateway';
import { many, one, type SqlRunner } from './sql';

/** Rows of `gwsim_logins` and `gwsim_accounts` (db/schema/gateway-sim.ts), and their queries. */
export type LoginState = 'waiting' | 'scanned' | 'confirmed' | 'cancelled' | 'expired';

export interface LoginRow {
  id: string;
  phoneId: string;
  region: number;
  previousWcId: string | null;
  state: LoginState;
  phoneRegion: number | null;
  wcId: string | null;
  expiresAt: Date;
  scannedAt: Date | null;
  decidedAt: Date | null;
}

/** A simulated account: the profile the gateway answers with, and the phone's state. */
export interface AccountRow extends GatewayProfile {
  seed: number;
  customerPageId: string;
  wId: string | null;
  online: boolean;
  region: number | null;
  phoneRegion: number | null;
  offlineReason: string | null;
  offlineAt: Date | null;
  dropAt: Date | null;
  dropReason: string | null;
  firstDayDropDone: boolean;
  sendsFail: boolean;
  contactsGenerated: boolean;
  initStartedAt: Date | null;
  initTotal: number;
  lastSendAt: Date | null;
  firstLoginAt: Date | null;
  lastLoginAt: Date | null;
}

const LOGIN_COLUMNS = `id, phone_id AS "phoneId", region, previous_wc_id AS "previousWcId", state,
  phone_region AS "phoneRegion", wc_id AS "wcId", expires_at AS "expiresAt", scanned_at AS "scannedAt",
  decided_at AS "decidedAt"`;

const ACCOUNT_COLUMNS = `wc_id AS "wcId", account, nickname, avatar, signature, gender, seed,
  customer_page_id AS "customerPageId", w_id AS "wId", online, region, phone_region AS "phoneRegion",
  offline_reason AS "offlineReason", offline_at AS "offlineAt", drop_at AS "dropAt", drop_reason AS "dropReason",
  first_day_drop_done AS "firstDayDropDone", sends_fail AS "sendsFail", contacts_generated AS "contactsGenerated",
  init_started_at AS "initStartedAt", init_total AS "initTotal", last_send_at AS "lastSendAt",
  first_login_at AS "firstLoginAt", last_login_at AS "lastLoginAt"`;

export class LoginStore {
  constructor(private readonly sql: SqlRunner) {}

  async insertLogin(login: Pick<LoginRow, 'id' | 'phoneId' | 'region' | 'previousWcId' | 'expiresAt'>) {
    await this.sql.query(
      'INSERT INTO gwsim_logins (id, phone_id, region, previous_wc_id, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [login.id, login.phoneId, login.region, login.previousWcId, login.expiresAt],
    );
  }

  login(id: string) {
    return one<LoginRow>(this.sql, `SELECT ${LOGIN_COLUMNS} FROM gwsim_logins WHERE id = $1`, [id]);
  }

  loginByPhone(phoneId: string) {
    return one<LoginRow>(this.sql, `SELECT ${LOGIN_COLUMNS} FROM gwsim_logins WHERE phone_id = $1`, [phoneId]);
  }

  /** Moves a login on only from the states given, so two clicks cannot both decide it. */
  moveLogin(
    id: string,
    from: LoginState[],
    to: LoginState,
    set: { phoneRegion?: number; wcId?: string; at: Date; expiresAt?: Date },
  ) {
    const stamp = to === 'scanned' ? 'scanned_at' : 'decided_at';
    return one<LoginRow>(
      this.sql,
      `UPDATE gwsim_logins SET state = $3, ${stamp} = $4, phone_region = COALESCE($5, phone_region),
         wc_id = COALESCE($6, wc_id), expires_at = COALESCE($7, expires_at)
       WHERE id = $1 AND state = ANY($2::text[]) RETURNING ${LOGIN_COLUMNS}`,
      [id, from, to, set.at, set.phoneRegion ?? null, set.wcId ?? null, set.expiresAt ?? null],
    );
  }

  account(wcId: string) {
    return one<AccountRow>(this.sql, `SELECT ${ACCOUNT_COLUMNS} FROM gwsim_accounts WHERE wc_id = $1`, [wcId]);
  }

  accountByPage(customerPageId: string) {
    return one<AccountRow>(this.sql, `SELECT ${ACCOUNT_COLUMNS} FROM gwsim_accounts WHERE customer_page_id = $1`, [
      customerPageId,
    ]);
  }

  /** The account a login instance belongs to (its current one or an earlier one). */
  accountOfInstance(wId: string) {
    return one<AccountRow>(
      this.sql,
      `SELECT ${ACCOUNT_COLUMNS} FROM gwsim_accounts
        WHERE w_id = $1 OR wc_id = (SELECT wc_id FROM gwsim_logins WHERE id = $1)`,
      [wId],
    );
  }

  /** Each account's latest login instance, online or not. */
  instances() {
    return many<{ wcId: string; wId: string; online: boolean }>(
      this.sql,
      'SELECT wc_id AS "wcId", w_id AS "wId", online FROM gwsim_accounts WHERE w_id IS NOT NULL ORDER BY wc_id',
    );
  }

  async insertAccount(
    row: Pick<AccountRow, 'wcId' | 'account' | 'nickname' | 'avatar' | 'signature' | 'gender' | 'seed'> & {
      customerPageId: string;
    },
  ) {
    await this.sql.query(
      `INSERT INTO gwsim_accounts (wc_id, account, nickname, avatar, signature, gender, seed, customer_page_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (wc_id) DO NOTHING`,
      [row.wcId, row.account, row.nickname, row.avatar, row.signature, row.gender, row.seed, row.customerPageId],
    );
  }

  /** The account comes online through a login instance; a drop already decided goes with it. */
  bringOnline(
    wcId: string,
    set: { wId: string; region: number; phoneRegion: number; at: Date; dropAt: Date | null; dropReason: string | null },
  ) {
    return one<AccountRow>(
      this.sql,
      `UPDATE gwsim_accounts SET online = true, w_id = $2, region = $3, phone_region = $4, last_login_at = $5,
         first_login_at = COALESCE(first_login_at, $5), offline_reason = NULL, offline_at = NULL,
         drop_at = $6, drop_reason = $7
       WHERE wc_id = $1 RETURNING ${ACCOUNT_COLUMNS}`,
      [wcId, set.wId, set.region, set.phoneRegion, set.at, set.dropAt, set.dropReason],
    );
  }

  /** Takes an online account offline; answers the row only if this call did it. */
  takeOffline(wcId: string, reason: string, at: Date) {
    return one<AccountRow>(
      this.sql,
      `UPDATE gwsim_accounts SET online = false, offline_reason = $2, offline_at = $3, drop_at = NULL,
         drop_reason = NULL, first_day_drop_done = first_day_drop_done OR $2 = 'firstDayDrop'
       WHERE wc_id = $1 AND online RETURNING ${ACCOUNT_COLUMNS}`,
      [wcId, reason, at],
    );
  }

  /** Claims every drop that is due; with several console instances each is claimed once. */
  claimDueDrops(now: Date) {
    return many<AccountRow>(
      this.sql,
      `UPDATE gwsim_accounts SET online = false, offline_reason = drop_reason, offline_at = $1, drop_at = NULL,
         drop_reason = NULL, first_day_drop_done = first_day_drop_done OR drop_reason = 'firstDayDrop'
       WHERE online AND drop_at <= $1 RETURNING ${ACCOUNT_COLUMNS}`,
      [now],
    );
  }

  async setSendsFail(wcId: string, on: boolean): Promise<boolean> {
    const row = await one(this.sql, 'UPDATE gwsim_accounts SET sends_fail = $2 WHERE wc_id = $1 RETURNING wc_id', [
      wcId,
      on,
    ]);
    return row !== undefined;
  }

  async markGenerated(wcId: string) {
    await this.sql.query('UPDATE gwsim_accounts SET contacts_generated = true WHERE wc_id = $1', [wcId]);
  }

  /** Moves a started initialisation's start `ms` back, as if that much time had passed. */
  async backdateInit(wcId: string, ms: number) {
    await this.sql.query(
      "UPDATE gwsim_accounts SET init_started_at = init_started_at - ($2::text || ' milliseconds')::interval WHERE wc_id = $1",
      [wcId, ms],
    );
  }

  async startInit(wcId: string, at: Date, total: number) {
    await this.sql.query('UPDATE gwsim_accounts SET init_started_at = $2, init_total = $3 WHERE wc_id = $1', [
      wcId,
      at,
      total,
    ]);
  }

  /**
   * Claims a send: only if the account's previous send is at least the gap ago and fewer than the
   * window's maximum were sent within it. One statement, so two sends at once cannot both pass.
   */
  async claimSend(wcId: string, at: Date, gapSince: Date, windowSince: Date, windowMax: number): Promise<boolean> {
    const row = await one(
      this.sql,
      `UPDATE gwsim_accounts SET last_send_at = $2
       WHERE wc_id = $1 AND (last_send_at IS NULL OR last_send_at <= $3)
         AND (SELECT count(*) FROM gwsim_messages m
               WHERE m.wc_id = $1 AND m.direction = 'out' AND m.status = 'sent' AND m.at > $4) < $5
       RETURNING wc_id`,
      [wcId, at, gapSince, windowSince, windowMax],
    );
    return row !== undefined;
  }
}
