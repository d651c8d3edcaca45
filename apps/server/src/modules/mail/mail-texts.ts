import { type Language, PRODUCT_NAME } from '@agent-console/contracts';

/** A mail's subject and plain-text body. */
export interface MailText {
  subject: string;
  text: string;
}

type Texts<A> = Record<Language, (args: A) => MailText>;

/** The product's name under every mail, the same in each language. */
const FOOTER = `— ${PRODUCT_NAME}`;

/** "Send test mail" on the mail settings screen. */
export const TEST_MAIL: Texts<{ username: string; host: string; at: string }> = {
  en: (a) => ({
    subject: `${PRODUCT_NAME}: test mail`,
    text: `This is a test mail sent by ${a.username} from the mail settings, through ${a.host}, at ${a.at}.\nIf you can read it, the settings work.\n\n${FOOTER}`,
  }),
  'zh-chs': (a) => ({
    subject: `${PRODUCT_NAME}：测试邮件`,
    text: `这是 ${a.username} 在邮件设置中经由 ${a.host} 于 ${a.at} 发送的测试邮件。\n能读到这封邮件，说明设置可用。\n\n${FOOTER}`,
  }),
  'zh-cht': (a) => ({
    subject: `${PRODUCT_NAME}：測試郵件`,
    text: `這是 ${a.username} 在郵件設定中經由 ${a.host} 於 ${a.at} 發送的測試郵件。\n能讀到這封郵件，表示設定可用。\n\n${FOOTER}`,
  }),
  ja: (a) => ({
    subject: `${PRODUCT_NAME}：テストメール`,
    text: `これは ${a.username} がメール設定から ${a.host} 経由で ${a.at} に送信したテストメールです。\nこのメールが読めれば、設定は正しく動作しています。\n\n${FOOTER}`,
  }),
};

/** A messaging account of the customer went offline (WAVE2 §15.9). */
export const ACCOUNT_OFFLINE: Texts<{ customer: string; account: string }> = {
  en: (a) => ({
    subject: `${PRODUCT_NAME}: messaging account "${a.account}" is offline`,
    text: `The messaging account "${a.account}" of ${a.customer} has gone offline. Until it is logged in again it neither receives nor answers messages.\nLog it in again under Messaging accounts → Account login.\n\n${FOOTER}`,
  }),
  'zh-chs': (a) => ({
    subject: `${PRODUCT_NAME}：消息账号“${a.account}”已离线`,
    text: `${a.customer} 的消息账号“${a.account}”已离线。在重新登录之前，它既收不到也不会回复消息。\n请在“消息账号管理 → 账号登录”中重新登录。\n\n${FOOTER}`,
  }),
  'zh-cht': (a) => ({
    subject: `${PRODUCT_NAME}：訊息帳號「${a.account}」已離線`,
    text: `${a.customer} 的訊息帳號「${a.account}」已離線。在重新登入之前，它既收不到也不會回覆訊息。\n請在「訊息帳號管理 → 帳號登入」中重新登入。\n\n${FOOTER}`,
  }),
  ja: (a) => ({
    subject: `${PRODUCT_NAME}：メッセージアカウント「${a.account}」がオフラインです`,
    text: `${a.customer} のメッセージアカウント「${a.account}」がオフラインになりました。再ログインするまで、メッセージの受信も応答も行われません。\n「メッセージアカウント管理 → アカウントログイン」から再ログインしてください。\n\n${FOOTER}`,
  }),
};

/** A customer's use of its monthly quota reached 80 % or 100 % (WAVE2 §15.6). */
export const USAGE_QUOTA: Texts<{ customer: string; percent: 80 | 100; used: number; quota: number }> = {
  en: (a) => ({
    subject: `${PRODUCT_NAME}: ${a.customer} has used ${a.percent}% of its monthly quota`,
    text:
      `${a.customer} has used ${a.used} of its ${a.quota} agent answers this month (${a.percent}%).\n` +
      (a.percent === 100
        ? 'The agents stop answering until next month or until the quota is raised.'
        : 'At 100% the agents stop answering until next month or until the quota is raised.') +
      `\n\n${FOOTER}`,
  }),
  'zh-chs': (a) => ({
    subject: `${PRODUCT_NAME}：${a.customer} 本月配额已使用 ${a.percent}%`,
    text:
      `${a.customer} 本月已使用 ${a.quota} 次智能体回答中的 ${a.used} 次（${a.percent}%）。\n` +
      (a.percent === 100
        ? '在下个月或提高配额之前，智能体将停止回答。'
        : '用满 100% 后，在下个月或提高配额之前，智能体将停止回答。') +
      `\n\n${FOOTER}`,
  }),
  'zh-cht': (a) => ({
    subject: `${PRODUCT_NAME}：${a.customer} 本月配額已使用 ${a.percent}%`,
    text:
      `${a.customer} 本月已使用 ${a.quota} 次智慧體回答中的 ${a.used} 次（${a.percent}%）。\n` +
      (a.percent === 100
        ? '在下個月或提高配額之前，智慧體將停止回答。'
        : '用滿 100% 後，在下個月或提高配額之前，智慧體將停止回答。') +
      `\n\n${FOOTER}`,
  }),
  ja: (a) => ({
    subject: `${PRODUCT_NAME}：${a.customer} の今月のクォータ使用率が ${a.percent}% に達しました`,
    text:
      `${a.customer} は今月、エージェント回答 ${a.quota} 回のうち ${a.used} 回を使用しました（${a.percent}%）。\n` +
      (a.percent === 100
        ? '来月になるかクォータが引き上げられるまで、エージェントは回答を停止します。'
        : '100% に達すると、来月になるかクォータが引き上げられるまで、エージェントは回答を停止します。') +
      `\n\n${FOOTER}`,
  }),
};
