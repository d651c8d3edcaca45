import type { Language, SessionMetricsRow } from '@agent-console/contracts';
import { type ExportText, exportText as tx, type XlsxColumn } from '../../../lib/xlsx-export';

const H = {
  nickname: tx('Contact', '联系人', '聯絡人', '連絡先'),
  wcId: tx('wcId', 'wcId', 'wcId', 'wcId'),
  account: tx('Messaging account', '聊天账号', '聊天帳號', 'メッセージアカウント'),
  customer: tx('Customer', '客户', '客戶', '顧客'),
  app: tx('App', '应用', '應用', 'アプリ'),
  relationship: tx('Relationship', '关系', '關係', '関係'),
  sessions: tx('Sessions', '会话数', '會話數', 'セッション数'),
  messagesIn: tx('Messages in', '收到消息', '收到訊息', '受信メッセージ'),
  messagesOut: tx('Messages out', '发出消息', '發出訊息', '送信メッセージ'),
  agentReplies: tx('Agent replies', '智能体回复', '智能體回覆', 'エージェントの返信'),
  personReplies: tx('Manual replies', '人工回复', '人工回覆', '手動の返信'),
  firstMessageAt: tx('First contact', '首次联系', '首次聯絡', '初回の連絡'),
  lastMessageAt: tx('Last message', '最后消息', '最後訊息', '最終メッセージ'),
  avgFirstResponse: tx('Avg. first response (s)', '平均首次响应（秒）', '平均首次回應（秒）', '平均初回応答（秒）'),
  leads: tx('Leads captured', '已获取线索', '已取得線索', '取得したリード'),
};

export const SESSION_EXPORT_NAME = tx('Customer session metrics', '客户会话指标', '客戶會話指標', '顧客セッション指標');

const RELATIONSHIP_NAMES: Record<string, ExportText> = {
  default: tx('Default', '默认', '預設', 'デフォルト'),
  colleague: tx('Colleague', '同事', '同事', '同僚'),
  silent: tx('Silent', '静默', '靜默', 'サイレント'),
};

export function sessionColumns(lang: Language): XlsxColumn<SessionMetricsRow>[] {
  return [
    { header: H.nickname[lang], value: (r) => r.nickname, width: 20 },
    { header: H.wcId[lang], value: (r) => r.wcId, width: 22 },
    { header: H.account[lang], value: (r) => r.accountName },
    { header: H.customer[lang], value: (r) => r.customerName },
    { header: H.app[lang], value: (r) => r.appName },
    { header: H.relationship[lang], value: (r) => RELATIONSHIP_NAMES[r.relationship]?.[lang] ?? r.relationship },
    { header: H.sessions[lang], value: (r) => r.sessions, width: 10 },
    { header: H.messagesIn[lang], value: (r) => r.messagesIn, width: 10 },
    { header: H.messagesOut[lang], value: (r) => r.messagesOut, width: 10 },
    { header: H.agentReplies[lang], value: (r) => r.agentReplies, width: 10 },
    { header: H.personReplies[lang], value: (r) => r.personReplies, width: 10 },
    { header: H.firstMessageAt[lang], value: (r) => new Date(r.firstMessageAt), width: 22 },
    { header: H.lastMessageAt[lang], value: (r) => new Date(r.lastMessageAt), width: 22 },
    {
      header: H.avgFirstResponse[lang],
      value: (r) => (r.avgFirstResponseMs === null ? null : Math.round(r.avgFirstResponseMs / 100) / 10),
      width: 14,
    },
    { header: H.leads[lang], value: (r) => r.leads, width: 10 },
  ];
}
