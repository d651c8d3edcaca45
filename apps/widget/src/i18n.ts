import type { WidgetLanguage } from '@agent-console/contracts/widget-protocol';
import type { WidgetErrorKind } from './transport';

/** Every text the widget shows; `{n}`, `{count}` and `{max}` are filled in with format(). */
export interface WidgetTexts {
  /** The launcher's label while the panel is closed. */
  open: string;
  /** The launcher's label while the panel is open. */
  hide: string;
  /** The panel's title until the app's name is known. */
  title: string;
  close: string;
  inputLabel: string;
  inputPlaceholder: string;
  send: string;
  sources: string;
  loading: string;
  answering: string;
  needsPerson: string;
  /** Above what a person of the business wrote. */
  person: string;
  tryAgain: string;
  /** Shown under the input as a question nears the limit. */
  counter: string;
  /** Shown under the input when a question is over the limit. */
  tooLong: string;
  errors: Record<WidgetErrorKind, string>;
}

const en: WidgetTexts = {
  open: 'Chat with us',
  hide: 'Hide chat',
  title: 'Chat',
  close: 'Close',
  inputLabel: 'Your question',
  inputPlaceholder: 'Type your question',
  send: 'Send',
  sources: 'Sources',
  loading: 'Loading…',
  answering: 'Answering…',
  needsPerson: 'Passed on to our team.',
  person: 'Our team',
  tryAgain: 'Try again',
  counter: '{count} / {max}',
  tooLong: 'Too long: a question can have at most {max} characters.',
  errors: {
    rate_limited: 'You are sending messages too quickly. Try again in {n} s.',
    origin_not_allowed: 'This website is not allowed to use this chat.',
    invalid_widget_key: 'The chat is not set up correctly on this page.',
    invalid_visitor: 'Your chat session has expired. Reload the page to continue.',
    insufficient_quota: 'The assistant cannot answer right now. Please try again later.',
    invalid_message: 'Your question is empty or too long (at most 2000 characters).',
    network: 'Could not reach the chat. Check your connection and try again.',
    server_error: 'Something went wrong while answering. Please try again.',
  },
};

const zhChs: WidgetTexts = {
  open: '在线咨询',
  hide: '收起聊天',
  title: '在线咨询',
  close: '关闭',
  inputLabel: '您的问题',
  inputPlaceholder: '请输入您的问题',
  send: '发送',
  sources: '参考来源',
  loading: '加载中…',
  answering: '正在回答…',
  needsPerson: '已转交给我们的同事。',
  person: '人工客服',
  tryAgain: '重试',
  counter: '{count} / {max}',
  tooLong: '内容过长：问题最多 {max} 个字符。',
  errors: {
    rate_limited: '发送过于频繁，请 {n} 秒后再试。',
    origin_not_allowed: '此网站无权使用该聊天服务。',
    invalid_widget_key: '此页面的聊天未正确配置。',
    invalid_visitor: '会话已过期，请刷新页面后继续。',
    insufficient_quota: '助手暂时无法回答，请稍后再试。',
    invalid_message: '问题为空或过长（最多 2000 个字符）。',
    network: '无法连接到聊天服务，请检查网络后重试。',
    server_error: '回答时出错了，请重试。',
  },
};

const zhCht: WidgetTexts = {
  open: '線上諮詢',
  hide: '收合聊天',
  title: '線上諮詢',
  close: '關閉',
  inputLabel: '您的問題',
  inputPlaceholder: '請輸入您的問題',
  send: '傳送',
  sources: '參考來源',
  loading: '載入中…',
  answering: '正在回答…',
  needsPerson: '已轉交給我們的同事。',
  person: '真人客服',
  tryAgain: '重試',
  counter: '{count} / {max}',
  tooLong: '內容過長：問題最多 {max} 個字元。',
  errors: {
    rate_limited: '傳送過於頻繁，請 {n} 秒後再試。',
    origin_not_allowed: '此網站無權使用此聊天服務。',
    invalid_widget_key: '此頁面的聊天未正確設定。',
    invalid_visitor: '工作階段已過期，請重新整理頁面後繼續。',
    insufficient_quota: '助理暫時無法回答，請稍後再試。',
    invalid_message: '問題為空或過長（最多 2000 個字元）。',
    network: '無法連線到聊天服務，請檢查網路後重試。',
    server_error: '回答時發生錯誤，請重試。',
  },
};

const ja: WidgetTexts = {
  open: 'チャットで質問する',
  hide: 'チャットを閉じる',
  title: 'チャット',
  close: '閉じる',
  inputLabel: 'ご質問',
  inputPlaceholder: 'ご質問を入力してください',
  send: '送信',
  sources: '参照元',
  loading: '読み込み中…',
  answering: '回答中…',
  needsPerson: '担当者に引き継ぎました。',
  person: '担当者',
  tryAgain: '再試行',
  counter: '{count} / {max}',
  tooLong: '長すぎます：質問は {max} 文字までです。',
  errors: {
    rate_limited: '送信の間隔が短すぎます。{n} 秒後にもう一度お試しください。',
    origin_not_allowed: 'このウェブサイトではこのチャットを利用できません。',
    invalid_widget_key: 'このページのチャットが正しく設定されていません。',
    invalid_visitor: 'セッションの有効期限が切れました。ページを再読み込みしてください。',
    insufficient_quota: '現在アシスタントは回答できません。しばらくしてからお試しください。',
    invalid_message: '質問が空か、長すぎます（2000 文字まで）。',
    network: 'チャットに接続できませんでした。通信環境を確認して、もう一度お試しください。',
    server_error: '回答中にエラーが発生しました。もう一度お試しください。',
  },
};

export const WIDGET_TEXTS: Record<WidgetLanguage, WidgetTexts> = { en, 'zh-chs': zhChs, 'zh-cht': zhCht, ja };

/** Fills `{name}` placeholders; unknown ones stay as they are. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
