import type {
  MetricsDashboard,
  PageResult,
  SessionMetricsPageQuery,
  SessionMetricsRow,
} from '@agent-console/contracts';
import type { ChatAccountRow } from '@agent-console/server/test/fixtures/chat';
import type { TestApp } from '@agent-console/server/test/test-app';
import { storeIncomingMessage } from '../../messaging/inbox/incoming-batch';
import { storeOwnMessage } from '../../messaging/inbox/own-message';

export const MIN = 60_000;
const LIST = '/api/v3/metrics/customer/session/list/page';
const DASH = '/api/v3/metrics/dashboard';

/**
 * Messages through the real write path (the message log's store functions, which keep the
 * roll-ups) and the metrics calls, for the metrics test files. Times are minutes after T0 (three
 * hours ago, so the default period of the last 7 days holds them) or a date.
 */
export function metricsTestKit(t: TestApp, adminToken: () => string) {
  const T0 = new Date(Math.floor((Date.now() - 3 * 60 * MIN) / 1000) * 1000);
  const at = (minutes: number) => new Date(T0.getTime() + minutes * MIN);
  const when = (time: number | Date) => (typeof time === 'number' ? at(time) : time);
  let n = 0;
  return {
    at,
    /** The contact `from` writes to the account. */
    incoming: (
      acc: ChatAccountRow,
      from: string,
      time: number | Date,
      opts: { msgId?: string; sender?: string } = {},
    ) =>
      storeIncomingMessage(t.database.db, acc, {
        kind: 'message',
        msgId: opts.msgId ?? `m${n++}`,
        wcId: acc.wcId,
        fromWcId: from,
        ...(opts.sender ? { senderWcId: opts.sender } : {}),
        type: 'text',
        content: `hello ${n}`,
        at: when(time),
      }),
    /** Someone writes to `to` from the account's phone. */
    phone: (acc: ChatAccountRow, to: string, time: number | Date) =>
      storeOwnMessage(t.database.db, acc, {
        kind: 'message',
        msgId: `p${n++}`,
        wcId: acc.wcId,
        fromWcId: to,
        fromSelf: true,
        type: 'text',
        content: `reply ${n}`,
        at: when(time),
      }),
    list: (body: SessionMetricsPageQuery, token = adminToken()) =>
      t.call<PageResult<SessionMetricsRow>>('POST', LIST, { token, body }),
    dashboard: (query: string, token = adminToken()) => t.call<MetricsDashboard>('GET', `${DASH}?${query}`, { token }),
  };
}
