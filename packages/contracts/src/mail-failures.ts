import type { ServiceErrorData } from './errors';
import type { Language } from './language';

/**
 * Why a mail could not be sent, as a fixed category. The answer of a failed test mail names one
 * of these and never repeats what the other side sent: the test connects wherever an
 * administrator points it, so echoing the first line of whatever answered would turn it into a
 * banner grabber for the console's own network (security issue 7).
 */
export const MAIL_FAILURES = [
  'hostNotFound',
  'refused',
  'unreachable',
  'timedOut',
  'closed',
  'notSmtp',
  'tlsFailed',
  'certificate',
  'noStarttls',
  'authRefused',
  'passwordMissing',
  'senderRefused',
  'recipientRefused',
  'messageRefused',
  'failed',
] as const;
export type MailFailure = (typeof MAIL_FAILURES)[number];

/** The data of a C0500 answer of a failed mail: the category, and the SMTP reply code when an SMTP server gave one. */
export interface MailFailureData extends ServiceErrorData {
  failure: MailFailure;
  /** Only after the peer greeted as an SMTP server (e.g. 535 for refused credentials); never its words. */
  smtpCode?: number;
}

export const MAIL_FAILURE_TEXTS = {
  hostNotFound: {
    en: 'host not found (the SMTP server’s name could not be resolved)',
    'zh-chs': '找不到主机（无法解析 SMTP 服务器的名称）',
    'zh-cht': '找不到主機（無法解析 SMTP 伺服器的名稱）',
    ja: 'ホストが見つかりません（SMTP サーバーの名前を解決できません）',
  },
  refused: {
    en: 'connection refused (nothing accepts connections on that port)',
    'zh-chs': '连接被拒绝（该端口上没有服务接受连接）',
    'zh-cht': '連線被拒絕（該連接埠上沒有服務接受連線）',
    ja: '接続が拒否されました（そのポートで接続を受け付けるものがありません）',
  },
  unreachable: {
    en: 'host unreachable (no route from the console to that address)',
    'zh-chs': '主机不可达（控制台无法访问该地址）',
    'zh-cht': '主機無法連線（控制台無法存取該位址）',
    ja: 'ホストに到達できません（コンソールからそのアドレスへの経路がありません）',
  },
  timedOut: {
    en: 'timed out (the server did not answer in time)',
    'zh-chs': '超时（服务器未及时响应）',
    'zh-cht': '逾時（伺服器未及時回應）',
    ja: 'タイムアウトしました（サーバーが時間内に応答しませんでした）',
  },
  closed: {
    en: 'connection closed (the server hung up before the mail was sent)',
    'zh-chs': '连接已关闭（服务器在邮件发出前断开了连接）',
    'zh-cht': '連線已關閉（伺服器在郵件寄出前中斷了連線）',
    ja: '接続が切断されました（メール送信前にサーバーが接続を閉じました）',
  },
  notSmtp: {
    en: 'not an SMTP server (the service on that port did not greet as one); check the host and port',
    'zh-chs': '不是 SMTP 服务器（该端口上的服务未按 SMTP 方式应答）；请检查主机和端口',
    'zh-cht': '不是 SMTP 伺服器（該連接埠上的服務未以 SMTP 方式回應）；請檢查主機和連接埠',
    ja: 'SMTP サーバーではありません（そのポートのサービスは SMTP として応答しませんでした）。ホストとポートを確認してください',
  },
  tlsFailed: {
    en: 'TLS failed (the encrypted connection could not be set up); check the encryption and port',
    'zh-chs': 'TLS 失败（无法建立加密连接）；请检查加密方式和端口',
    'zh-cht': 'TLS 失敗（無法建立加密連線）；請檢查加密方式和連接埠',
    ja: 'TLS に失敗しました（暗号化された接続を確立できませんでした）。暗号化とポートを確認してください',
  },
  certificate: {
    en: 'certificate not trusted (not signed by a known authority, expired, or not for this host name)',
    'zh-chs': '证书不受信任（并非由已知机构签发、已过期或与该主机名不符）',
    'zh-cht': '憑證不受信任（並非由已知機構簽發、已過期或與該主機名稱不符）',
    ja: '証明書が信頼されていません（既知の認証局の署名がない、期限切れ、またはこのホスト名用ではありません）',
  },
  noStarttls: {
    en: 'STARTTLS not offered (the server does not upgrade the connection); choose SSL/TLS or another port',
    'zh-chs': '不支持 STARTTLS（服务器不升级连接）；请选择 SSL/TLS 或其他端口',
    'zh-cht': '不支援 STARTTLS（伺服器不升級連線）；請選擇 SSL/TLS 或其他連接埠',
    ja: 'STARTTLS が提供されていません（サーバーが接続をアップグレードしません）。SSL/TLS または別のポートを選んでください',
  },
  authRefused: {
    en: 'authentication refused (the server did not accept the username or password)',
    'zh-chs': '认证被拒绝（服务器不接受该用户名或密码）',
    'zh-cht': '驗證被拒絕（伺服器不接受該使用者名稱或密碼）',
    ja: '認証が拒否されました（サーバーがユーザー名またはパスワードを受け付けませんでした）',
  },
  passwordMissing: {
    en: 'password missing (the server asks for one and none is set)',
    'zh-chs': '缺少密码（服务器要求密码，但未设置）',
    'zh-cht': '缺少密碼（伺服器要求密碼，但未設定）',
    ja: 'パスワードがありません（サーバーが要求していますが、設定されていません）',
  },
  senderRefused: {
    en: 'sender refused (the server did not accept the sender address)',
    'zh-chs': '发件人被拒绝（服务器不接受该发件人地址）',
    'zh-cht': '寄件者被拒絕（伺服器不接受該寄件者地址）',
    ja: '送信元が拒否されました（サーバーが送信元アドレスを受け付けませんでした）',
  },
  recipientRefused: {
    en: 'recipient refused (the server did not accept the recipient)',
    'zh-chs': '收件人被拒绝（服务器不接受该收件人）',
    'zh-cht': '收件人被拒絕（伺服器不接受該收件人）',
    ja: '宛先が拒否されました（サーバーが宛先を受け付けませんでした）',
  },
  messageRefused: {
    en: 'message refused (the server did not accept the mail)',
    'zh-chs': '邮件被拒绝（服务器不接受该邮件）',
    'zh-cht': '郵件被拒絕（伺服器不接受該郵件）',
    ja: 'メッセージが拒否されました（サーバーがメールを受け付けませんでした）',
  },
  failed: {
    en: 'sending failed for another reason (the console’s server log has the details)',
    'zh-chs': '因其他原因发送失败（详情见控制台的服务器日志）',
    'zh-cht': '因其他原因寄送失敗（詳情見控制台的伺服器日誌）',
    ja: 'その他の理由で送信できませんでした（詳細はコンソールのサーバーログにあります）',
  },
} as const satisfies Record<MailFailure, Record<Language, string>>;

/** The category as a sentence in `lang`, with the SMTP reply code when there is one. */
export function mailFailureText(failure: MailFailure, lang: Language, smtpCode?: number): string {
  const text = MAIL_FAILURE_TEXTS[failure][lang];
  if (smtpCode === undefined) return text;
  return lang === 'en' ? `${text} (SMTP ${smtpCode})` : `${text}（SMTP ${smtpCode}）`;
}

/** Whether an answer's data names a mail failure (the web reads it to phrase the outcome itself). */
export function isMailFailureData(data: unknown): data is MailFailureData {
  const failure = data && typeof data === 'object' ? (data as { failure?: unknown }).failure : undefined;
  return typeof failure === 'string' && (MAIL_FAILURES as readonly string[]).includes(failure);
}
