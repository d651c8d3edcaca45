import type { GatewayContact } from '../gateway';
import type { GeneratedContact, GeneratedLabel } from './generate';
import { many, one, type SqlRunner, valuesList } from './sql';

/** Rows of the simulated phones' address lists, labels, messages and friend requests. */

/** A contact as the gateway reports it, under `contactWcId` (the row's `wc_id` is the phone's own). */
export interface ContactRow extends Omit<GatewayContact, 'wcId'> {
  contactWcId: string;
  source: string;
  removedAt: Date | null;
}

export interface MessageRow {
  msgId: string;
  peerWcId: string;
  senderWcId: string | null;
  direction: 'in' | 'out';
  type: 'text' | 'file';
  content: string;
  fileName: string | null;
  fileSize: number | null;
  status: 'sent' | 'refused' | 'received';
  refusal: string | null;
  at: Date;
}

export interface FriendRequestRow {
  id: string;
  v2: string;
  wcId: string;
  fromWcId: string;
  nickname: string;
  greeting: string;
  scene: number;
  state: 'pending' | 'accepted';
  createdAt: Date;
}

const CONTACT_COLUMNS = `contact_wc_id AS "contactWcId", account, nickname, avatar, type, gender,
  label_ids AS "labelIds", source, removed_at AS "removedAt"`;
const MESSAGE_COLUMNS = `msg_id AS "msgId", peer_wc_id AS "peerWcId", sender_wc_id AS "senderWcId", direction, type,
  content, file_name AS "fileName", file_size AS "fileSize", status, refusal, at`;
const REQUEST_COLUMNS = `id, v2, wc_id AS "wcId", from_wc_id AS "fromWcId", nickname, greeting, scene, state,
  created_at AS "createdAt"`;

const CONTACT_TYPES = ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'text[]', 'int', 'text'];

export type NewContact = Omit<GeneratedContact, 'avatar'> & { avatar: string | null; source: string };

export class AddressStore {
  constructor(private readonly sql: SqlRunner) {}

  /** Adds contacts after the ones the account has; one already there (even removed) is left alone. */
  async insertContacts(wcId: string, contacts: NewContact[]): Promise<void> {
    const chunk = 200;
    for (let i = 0; i < contacts.length; i += chunk) {
      const part = contacts.slice(i, i + chunk);
      const params = part.flatMap((c, j) => [
        wcId,
        c.contactWcId,
        c.account,
        c.nickname,
        c.avatar,
        c.type,
        c.gender,
        c.labelIds,
        i + j,
        c.source,
      ]);
      await this.sql.query(
        `INSERT INTO gwsim_contacts (wc_id, contact_wc_id, account, nickname, avatar, type, gender, label_ids, position, source)
         SELECT v.wc_id, v.contact_wc_id, v.account, v.nickname, v.avatar, v.type, v.gender, v.label_ids,
                v.ord + COALESCE((SELECT max(position) + 1 FROM gwsim_contacts WHERE wc_id = v.wc_id), 0), v.source
           FROM (VALUES ${valuesList(part.length, CONTACT_TYPES)})
             AS v(wc_id, contact_wc_id, account, nickname, avatar, type, gender, label_ids, ord, source)
         ON CONFLICT (wc_id, contact_wc_id) DO NOTHING`,
        params,
      );
    }
  }

  /** A contact removed on the phone comes back when added again. */
  async restoreContact(wcId: string, contactWcId: string): Promise<void> {
    await this.sql.query(
      'UPDATE gwsim_contacts SET removed_at = NULL WHERE wc_id = $1 AND contact_wc_id = $2 AND removed_at IS NOT NULL',
      [wcId, contactWcId],
    );
  }

  async removeContact(wcId: string, contactWcId: string, at: Date): Promise<boolean> {
    const row = await one(
      this.sql,
      `UPDATE gwsim_contacts SET removed_at = $3 WHERE wc_id = $1 AND contact_wc_id = $2 AND removed_at IS NULL
       RETURNING contact_wc_id`,
      [wcId, contactWcId, at],
    );
    return row !== undefined;
  }

  /** The address list as the phone has it now, in its order. */
  contacts(wcId: string) {
    return many<ContactRow>(
      this.sql,
      `SELECT ${CONTACT_COLUMNS} FROM gwsim_contacts WHERE wc_id = $1 AND removed_at IS NULL ORDER BY position`,
      [wcId],
    );
  }

  contactsByIds(wcId: string, ids: string[]) {
    return many<ContactRow>(
      this.sql,
      `SELECT ${CONTACT_COLUMNS} FROM gwsim_contacts
        WHERE wc_id = $1 AND contact_wc_id = ANY($2::text[]) AND removed_at IS NULL ORDER BY position`,
      [wcId, ids],
    );
  }

  async countContacts(wcId: string): Promise<number> {
    const row = await one<{ n: number }>(
      this.sql,
      'SELECT count(*)::int AS n FROM gwsim_contacts WHERE wc_id = $1 AND removed_at IS NULL',
      [wcId],
    );
    return row?.n ?? 0;
  }

  async insertLabels(wcId: string, labels: GeneratedLabel[]): Promise<void> {
    if (!labels.length) return;
    await this.sql.query(
      `INSERT INTO gwsim_labels (wc_id, label_id, name) VALUES ${valuesList(labels.length, ['text', 'text', 'text'])}
       ON CONFLICT (wc_id, label_id) DO NOTHING`,
      labels.flatMap((l) => [wcId, l.labelId, l.name]),
    );
  }

  labels(wcId: string) {
    return many<GeneratedLabel>(
      this.sql,
      'SELECT label_id AS "labelId", name FROM gwsim_labels WHERE wc_id = $1 ORDER BY label_id::int, label_id',
      [wcId],
    );
  }

  /** A message id already stored (a redelivery a test makes) is not stored twice. */
  async insertMessage(wcId: string, m: MessageRow): Promise<void> {
    await this.sql.query(
      `INSERT INTO gwsim_messages
         (msg_id, wc_id, peer_wc_id, sender_wc_id, direction, type, content, file_name, file_size, status, refusal, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (msg_id) DO NOTHING`,
      [
        m.msgId,
        wcId,
        m.peerWcId,
        m.senderWcId,
        m.direction,
        m.type,
        m.content,
        m.fileName,
        m.fileSize,
        m.status,
        m.refusal,
        m.at,
      ],
    );
  }

  /** Messages of an account, oldest first: all of them, or one direction and status, or one peer. */
  messages(wcId: string, filter: { direction?: 'in' | 'out'; status?: MessageRow['status']; peer?: string } = {}) {
    return many<MessageRow>(
      this.sql,
      `SELECT ${MESSAGE_COLUMNS} FROM gwsim_messages
        WHERE wc_id = $1 AND ($2::text IS NULL OR direction = $2) AND ($3::text IS NULL OR status = $3)
          AND ($4::text IS NULL OR peer_wc_id = $4)
        ORDER BY at, id`,
      [wcId, filter.direction ?? null, filter.status ?? null, filter.peer ?? null],
    );
  }

  async insertFriendRequest(r: Omit<FriendRequestRow, 'state'>): Promise<void> {
    await this.sql.query(
      `INSERT INTO gwsim_friend_requests (id, v2, wc_id, from_wc_id, nickname, greeting, scene, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [r.id, r.v2, r.wcId, r.fromWcId, r.nickname, r.greeting, r.scene, r.createdAt],
    );
  }

  friendRequest(wcId: string, v1: string) {
    return one<FriendRequestRow>(
      this.sql,
      `SELECT ${REQUEST_COLUMNS} FROM gwsim_friend_requests WHERE wc_id = $1 AND id = $2`,
      [wcId, v1],
    );
  }

  pendingRequests(wcId: string) {
    return many<FriendRequestRow>(
      this.sql,
      `SELECT ${REQUEST_COLUMNS} FROM gwsim_friend_requests WHERE wc_id = $1 AND state = 'pending' ORDER BY created_at`,
      [wcId],
    );
  }

  async acceptRequest(id: string, at: Date): Promise<void> {
    await this.sql.query(
      "UPDATE gwsim_friend_requests SET state = 'accepted', accepted_at = $2 WHERE id = $1 AND state = 'pending'",
      [id, at],
    );
  }
}
