import { type Language, type NeedsPersonReason, PRODUCT_NAME } from '@agent-console/contracts';

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

/** Why a conversation waits for a person, as a mail says it (the console shows the same reasons). */
export const NEEDS_PERSON_REASON_TEXT: Record<Language, Record<NeedsPersonReason, string>> = {
  en: {
    noAnswer: 'the agent found no answer',
    quotaUsedUp: 'the monthly quota is used up',
    dailyCap: "the account reached today's sending cap",
    accountOffline: 'the account is offline',
    gatewayRefused: 'the messaging gateway refused the reply',
    interrupted: 'the send was interrupted and not repeated',
    riskPause: 'the account is paused after "too frequent" answers; the reply waits',
  },
  'zh-chs': {
    noAnswer: '智能体没有找到答案',
    quotaUsedUp: '本月额度已用完',
    dailyCap: '账号已达今日发送上限',
    accountOffline: '账号已离线',
    gatewayRefused: '消息网关拒绝了这条回复',
    interrupted: '发送被中断，未重发',
    riskPause: '账号因“发送过于频繁”暂停，回复在等待',
  },
  'zh-cht': {
    noAnswer: '智慧體沒有找到答案',
    quotaUsedUp: '本月額度已用完',
    dailyCap: '帳號已達今日發送上限',
    accountOffline: '帳號已離線',
    gatewayRefused: '訊息閘道拒絕了這則回覆',
    interrupted: '發送被中斷，未重發',
    riskPause: '帳號因「發送過於頻繁」暫停，回覆在等待',
  },
  ja: {
    noAnswer: 'エージェントが答えを見つけられませんでした',
    quotaUsedUp: '今月のクォータを使い切りました',
    dailyCap: 'アカウントが本日の送信上限に達しました',
    accountOffline: 'アカウントがオフラインです',
    gatewayRefused: 'メッセージゲートウェイが返信を拒否しました',
    interrupted: '送信が中断され、再送していません',
    riskPause: '「送信が頻繁すぎる」ためアカウントが一時停止中で、返信は待機しています',
  },
};

/** Replies that could not be delivered: the conversations now wait for a person (issue 34). */
export const REPLY_UNDELIVERED: Texts<{
  customer: string;
  items: { account: string; contact: string; reason: NeedsPersonReason }[];
}> = {
  en: (a) => ({
    subject: `${PRODUCT_NAME}: ${a.items.length} conversation(s) of ${a.customer} need a person`,
    text: `The agent's reply could not be delivered, so these conversations wait for a person:\n${lines(a.items, 'en')}\nOpen Contacts and filter "Needs a person" to answer them.\n\n${FOOTER}`,
  }),
  'zh-chs': (a) => ({
    subject: `${PRODUCT_NAME}：${a.customer} 有 ${a.items.length} 个会话需要人工处理`,
    text: `智能体的回复未能送达，以下会话等待人工处理：\n${lines(a.items, 'zh-chs')}\n请打开“联系人”，筛选“需人工处理”进行回复。\n\n${FOOTER}`,
  }),
  'zh-cht': (a) => ({
    subject: `${PRODUCT_NAME}：${a.customer} 有 ${a.items.length} 個會話需要人工處理`,
    text: `智慧體的回覆未能送達，以下會話等待人工處理：\n${lines(a.items, 'zh-cht')}\n請開啟「聯絡人」，篩選「需人工處理」進行回覆。\n\n${FOOTER}`,
  }),
  ja: (a) => ({
    subject: `${PRODUCT_NAME}：${a.customer} の ${a.items.length} 件の会話に担当者の対応が必要です`,
    text: `エージェントの返信を届けられなかったため、次の会話が担当者を待っています：\n${lines(a.items, 'ja')}\n「連絡先」を開き、「担当者の対応が必要」で絞り込んで返信してください。\n\n${FOOTER}`,
  }),
};

function lines(items: { account: string; contact: string; reason: NeedsPersonReason }[], lang: Language): string {
  return items.map((i) => `- ${i.contact} (${i.account}): ${NEEDS_PERSON_REASON_TEXT[lang][i.reason]}`).join('\n');
}
