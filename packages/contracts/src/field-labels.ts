import { FIELD_REASONS, type FieldError } from './field-reasons';
import type { Language } from './language';

type Label = readonly [en: string, zhChs: string, zhCht: string, ja: string];

/**
 * What a person calls each field a request can name in a field error. Messages and the web's
 * form errors say these, never the request's own key (`oldPassword`). A nested path is named by
 * its longest labelled prefix (`orderBy.field` → "Sort order", `params.days` → "Days to keep").
 * The test `http/field-messages.test.ts` walks every route's schema and every field the server
 * names, so a new field without a label fails there.
 */
const TOP_LEVEL: Record<string, Label> = {
  accountId: ['Messaging account', '聊天账号', '聊天帳號', 'メッセージアカウント'],
  action: ['Action', '操作', '操作', '操作'],
  agreement: ['Agreement to the terms', '用户协议', '使用者協議', '利用規約への同意'],
  allowedOrigins: ['Allowed web pages', '允许的网页来源', '允許的網頁來源', '許可する Web ページ'],
  answer: ['Answer', '答案', '答案', '回答'],
  app: ['The app', '该应用', '該應用', 'このアプリ'],
  appId: ['App', '应用', '應用', 'アプリ'],
  autoAcceptFriend: ['Auto-accept friend requests', '自动通过好友请求', '自動通過好友請求', '友だち申請の自動承認'],
  beginTime: ['Start time', '开始时间', '開始時間', '開始日時'],
  before: ['Earlier than message', '早于消息', '早於訊息', 'これより前のメッセージ'],
  body: ['The request', '请求内容', '請求內容', 'リクエスト'],
  businessType: ['Operation type', '操作类型', '操作類型', '操作の種類'],
  cache: ['Cache', '缓存', '快取', 'キャッシュ'],
  clearPassword: ['Remove the stored password', '清除已保存的密码', '清除已儲存的密碼', '保存済みパスワードの削除'],
  code: ['Code', '编码', '編碼', 'コード'],
  command: ['Command', '命令', '命令', 'コマンド'],
  comment: ['Comment', '说明', '說明', 'コメント'],
  component: ['Component path', '组件路径', '元件路徑', 'コンポーネントのパス'],
  concurrent: ['Concurrent runs', '并发执行', '並行執行', '同時実行'],
  confirmPassword: ['Confirm password', '确认密码', '確認密碼', '確認用パスワード'],
  contactId: ['Contact', '联系人', '聯絡人', '連絡先'],
  contactIds: ['Recipients', '接收人', '接收人', '宛先'],
  // The text of a chat message, and the main prompt's text: one word fits both.
  content: ['Content', '内容', '內容', '内容'],
  conversationId: ['Conversation', '对话', '對話', '会話'],
  createdFrom: ['Created from', '创建时间起', '建立時間起', '作成日時（開始）'],
  createdTo: ['Created until', '创建时间止', '建立時間止', '作成日時（終了）'],
  cron: ['Cron expression', 'Cron 表达式', 'Cron 運算式', 'Cron 式'],
  cursor: ['Page position', '分页位置', '分頁位置', 'ページの位置'],
  cursorDirection: ['Paging direction', '翻页方向', '翻頁方向', 'ページ送りの方向'],
  customerId: ['Customer', '客户', '客戶', '顧客'],
  customerIds: ['Customers', '客户', '客戶', '顧客'],
  dateFrom: ['From date', '开始日期', '開始日期', '開始日'],
  dateTo: ['To date', '结束日期', '結束日期', '終了日'],
  dataScope: ['Data scope', '数据范围', '資料範圍', 'データ範囲'],
  defaultRoleId: ['Default role', '默认角色', '預設角色', '既定のロール'],
  description: ['Description', '描述', '描述', '説明'],
  direction: ['Sort direction', '排序方向', '排序方向', '並べ替えの方向'],
  email: ['Email', '邮箱', '電子郵件', 'メールアドレス'],
  enabled: ['Status', '状态', '狀態', '状態'],
  endTime: ['End time', '结束时间', '結束時間', '終了日時'],
  event: ['Event', '事件', '事件', 'イベント'],
  external: ['External link', '外部链接', '外部連結', '外部リンク'],
  field: ['Field', '字段', '欄位', '項目'],
  file: ['File', '文件', '檔案', 'ファイル'],
  fileId: ['Source document', '来源文档', '來源文件', '元のドキュメント'],
  files: ['Files', '文件', '檔案', 'ファイル'],
  folderId: ['Folder', '文件夹', '資料夾', 'フォルダー'],
  format: ['Format', '格式', '格式', '形式'],
  fromAddress: ['Sender address', '发件人地址', '寄件者地址', '送信元アドレス'],
  fromName: ['Sender name', '发件人名称', '寄件者名稱', '送信者名'],
  gender: ['Gender', '性别', '性別', '性別'],
  group: ['Group', '分组', '分組', 'グループ'],
  handler: ['Task handler', '任务处理程序', '任務處理程式', 'タスクハンドラー'],
  headers: ['The request headers', '请求头', '請求標頭', 'リクエストヘッダー'],
  hidden: ['Hidden', '隐藏', '隱藏', '非表示'],
  history: ['Earlier questions', '之前的问题', '之前的問題', '以前の質問'],
  host: ['SMTP server', 'SMTP 服务器', 'SMTP 伺服器', 'SMTP サーバー'],
  icon: ['Icon', '图标', '圖示', 'アイコン'],
  id: ['This record', '该记录', '該記錄', 'このレコード'],
  ids: ['A selected record', '所选记录', '所選記錄', '選択したレコード'],
  includeGone: ['Include removed contacts', '包含已删除的联系人', '包含已刪除的聯絡人', '削除済みの連絡先を含める'],
  invitationCode: ['Invitation code', '邀请码', '邀請碼', '招待コード'],
  ip: ['IP address', 'IP 地址', 'IP 位址', 'IP アドレス'],
  jobId: ['Task', '任务', '任務', 'タスク'],
  jobName: ['Task name', '任务名称', '任務名稱', 'タスク名'],
  key: ['Key', '标识', '標識', 'キー'],
  keys: ['A selected session', '所选会话', '所選會話', '選択したセッション'],
  hasLead: ['Has a lead', '有线索', '有線索', 'リードあり'],
  keyword: ['Keyword', '关键词', '關鍵詞', 'キーワード'],
  label: ['Label', '标签', '標籤', 'ラベル'],
  labels: ['Labels', '标签文字', '標籤文字', 'ラベル'],
  leadItems: ['Lead cleaning table', '线索清洗表', '線索清洗表', 'リード整理表'],
  leader: ['Leader', '负责人', '負責人', '責任者'],
  limit: ['Number of messages', '消息条数', '訊息筆數', 'メッセージ数'],
  loginSessionId: ['Login session', '登录会话', '登入工作階段', 'ログインセッション'],
  loginStatus: ['Login status', '登录状态', '登入狀態', 'ログイン状態'],
  menuId: ['Menu', '菜单', '選單', 'メニュー'],
  menuIds: ['Menus', '菜单', '選單', 'メニュー'],
  message: ['Message', '消息', '訊息', 'メッセージ'],
  minutes: ['Take-over time', '接管时长', '接管時長', '引き継ぎ時間'],
  miningStatus: ['Mining status', '挖掘状态', '挖掘狀態', 'マイニング状態'],
  misfirePolicy: ['Misfire policy', '错过执行策略', '錯過執行策略', 'ミスファイアポリシー'],
  name: ['Name', '名称', '名稱', '名前'],
  names: ['Names', '名称', '名稱', '名前'],
  namespaceId: ['Namespace', '命名空间', '命名空間', '名前空間'],
  needsPerson: ['Needs a person', '需人工处理', '需人工處理', '担当者の対応が必要'],
  newFileName: ['New document name', '新文档名称', '新文件名稱', '新しいドキュメント名'],
  newPassword: ['New password', '新密码', '新密碼', '新しいパスワード'],
  nickName: ['Nickname', '昵称', '暱稱', 'ニックネーム'],
  objectId: ['File', '文件', '檔案', 'ファイル'],
  oldPassword: ['Current password', '当前密码', '目前密碼', '現在のパスワード'],
  onlineOnly: ['Online only', '仅在线', '僅線上', 'オンラインのみ'],
  orderBy: ['Sort order', '排序', '排序', '並べ替え'],
  origin: ['Web page', '网页来源', '網頁來源', 'Web ページ'],
  ownerUserId: ['Owning user', '所属用户', '所屬使用者', '所有ユーザー'],
  pageNum: ['Page number', '页码', '頁碼', 'ページ番号'],
  pageSize: ['Page size', '每页条数', '每頁筆數', '1 ページの件数'],
  params: ['Parameters', '参数', '參數', 'パラメーター'],
  parentId: ['Parent', '上级', '上級', '親'],
  password: ['Password', '密码', '密碼', 'パスワード'],
  path: ['Route path', '路由地址', '路由位址', 'ルートパス'],
  permission: ['Permission code', '权限标识', '權限標識', '権限コード'],
  phone: ['Phone number', '手机号码', '手機號碼', '電話番号'],
  port: ['Port', '端口', '連接埠', 'ポート'],
  postIds: ['Posts', '岗位', '崗位', '役職'],
  querystring: ['The query', '查询参数', '查詢參數', 'クエリ'],
  question: ['Question', '问题', '問題', '質問'],
  quota: ['Monthly quota', '每月额度', '每月額度', '月間上限'],
  recycled: ['Recycle bin', '回收站', '資源回收筒', 'ごみ箱'],
  region: ['Region', '地区', '地區', '地域'],
  relationship: ['Relationship', '关系', '關係', '関係'],
  remark: ['Remark', '备注', '備註', '備考'],
  replyReservePercent: ['Reply reserve', '回复预留', '回覆預留', '返信用の予約枠'],
  roleIds: ['Roles', '角色', '角色', 'ロール'],
  secret: ['Secret', '保密', '保密', '機密'],
  security: ['Encryption', '加密方式', '加密方式', '暗号化'],
  sort: ['Display order', '显示顺序', '顯示順序', '表示順'],
  startedFrom: ['Started from', '开始时间起', '開始時間起', '開始日時（開始）'],
  startedTo: ['Started until', '开始时间止', '開始時間止', '開始日時（終了）'],
  status: ['Status', '状态', '狀態', '状態'],
  tagColor: ['Tag colour', '标签颜色', '標籤顏色', 'タグの色'],
  tags: ['Tags', '标签', '標籤', 'タグ'],
  title: ['Title', '标题', '標題', 'タイトル'],
  titles: ['Titles', '标题', '標題', 'タイトル'],
  to: ['Recipient', '收件人', '收件人', '宛先'],
  type: ['Type', '类型', '類型', '種類'],
  typeId: ['Dictionary type', '字典类型', '字典類型', '辞書の種類'],
  userId: ['User', '用户', '使用者', 'ユーザー'],
  username: ['Username', '用户名', '使用者名稱', 'ユーザー名'],
  value: ['Value', '值', '值', '値'],
  verifyCode: ['Verification code', '验证码', '驗證碼', '確認コード'],
  welcomeMessages: ['Welcome messages', '欢迎语', '歡迎語', 'ウェルカムメッセージ'],
  withTotal: ['Count the total', '统计总数', '統計總數', '件数の集計'],
  'x-customer-id': ['Customer', '客户', '客戶', '顧客'],
  'x-file-purpose': ['File purpose', '文件用途', '檔案用途', 'ファイルの用途'],
  audienceLabels: ['Audience labels', '目标标签', '目標標籤', '対象ラベル'],
  dailyCap: ['Daily cap', '每日上限', '每日上限', '1 日の上限'],
  maxSendsPerContact: ['Sends per contact', '每个联系人最多发送', '每個聯絡人最多傳送', '連絡先ごとの送信上限'],
  quietEnd: ['Quiet hours end', '免打扰结束', '免打擾結束', 'おやすみ時間の終了'],
  quietStart: ['Quiet hours start', '免打扰开始', '免打擾開始', 'おやすみ時間の開始'],
  robotId: ['Robot', '机器人', '機器人', 'ロボット'],
  steps: ['Steps', '跟进步骤', '跟進步驟', 'ステップ'],
  strategyId: ['Strategy', '策略', '策略', '戦略'],
  strategyIds: ['Strategies', '跟进策略', '跟進策略', '戦略'],
  timeZone: ['Time zone', '时区', '時區', 'タイムゾーン'],
  triggerLabel: ['Trigger label', '触发标签', '觸發標籤', 'トリガーのラベル'],
  triggerType: ['Trigger', '触发条件', '觸發條件', 'トリガー'],
  triggerValue: ['Trigger value', '触发数值', '觸發數值', 'トリガーの値'],
  workEnd: ['Working hours end', '工作时间结束', '工作時間結束', '稼働時間の終了'],
  workStart: ['Working hours start', '工作时间开始', '工作時間開始', '稼働時間の開始'],
};

/**
 * The fields of one message part, a welcome message's or a follow-up step's. Said after the row's
 * name (ROWS), so English starts them in lower case.
 */
const MESSAGE_PART: Record<string, Label> = {
  id: ['key', '标识', '標識', 'キー'],
  objectId: ['file', '文件', '檔案', 'ファイル'],
  text: ['text', '文本内容', '文字內容', 'テキスト'],
  type: ['type', '类型', '類型', '種類'],
};

/** Fields inside an object or a list's rows, by the parent's key: labelled as `parent.field`. */
const NESTED: Record<string, Record<string, Label>> = {
  // Fields of one row: said after the row's name (ROWS), so English starts them in lower case.
  leadItems: {
    description: ['description', '描述', '描述', '説明'],
    example: ['example', '示例', '範例', '例'],
    item: ['item', '名称', '名稱', '項目名'],
  },
  params: {
    days: ['Days to keep', '保留天数', '保留天數', '保持日数'],
    maxLatencyMs: ['Maximum latency (ms)', '最大延迟（毫秒）', '最大延遲（毫秒）', '最大遅延（ミリ秒）'],
    olderThanDays: ['Age in days', '天数', '天數', '日数'],
    olderThanHours: ['Age in hours', '小时数', '小時數', '時間数'],
  },
  steps: { ...MESSAGE_PART, delayHours: ['wait (hours)', '间隔（小时）', '間隔（小時）', '待ち時間（時間）'] },
  titles: {
    en: ['English title', '英文标题', '英文標題', '英語のタイトル'],
    ja: ['Japanese title', '日文标题', '日文標題', '日本語のタイトル'],
    'zh-chs': ['Simplified Chinese title', '简体中文标题', '簡體中文標題', '簡体字中国語のタイトル'],
    'zh-cht': ['Traditional Chinese title', '繁体中文标题', '繁體中文標題', '繁体字中国語のタイトル'],
  },
  welcomeMessages: MESSAGE_PART,
};

const LABELS: Record<string, Label> = {
  ...TOP_LEVEL,
  ...Object.fromEntries(
    Object.entries(NESTED).flatMap(([parent, fields]) =>
      Object.entries(fields).map(([field, label]) => [`${parent}.${field}`, label]),
    ),
  ),
};

/** Said when a field has no label: a generic subject rather than the request's key. */
const UNKNOWN: Label = ['This value', '该值', '該值', 'この値'];

const INDEX = { en: 0, 'zh-chs': 1, 'zh-cht': 2, ja: 3 } as const satisfies Record<Language, number>;

/**
 * Lists whose rows a person counts: an error in `welcomeMessages.2.text` names the row, "Welcome
 * message 3: text is required", "第 3 条欢迎语的文本内容为必填项".
 */
const ROWS: Record<string, Label> = {
  welcomeMessages: ['Welcome message {n}', '第 {n} 条欢迎语', '第 {n} 條歡迎語', 'ウェルカムメッセージ {n}'],
  steps: ['Step {n}', '第 {n} 步', '第 {n} 步', 'ステップ {n}'],
  leadItems: ['Lead item {n}', '第 {n} 个线索清洗项', '第 {n} 個線索清洗項', 'リード項目 {n}'],
};
/** Between a row's name and the field's label. */
const ROW_JOIN: Label = [': ', '的', '的', ' の'];

/** The label of a path of names only (indexes removed), by its longest labelled prefix. */
function labelByPrefix(segments: string[]): Label | undefined {
  for (let n = segments.length; n > 0; n--) {
    const label = LABELS[segments.slice(0, n).join('.')];
    if (label) return label;
  }
  return undefined;
}

/**
 * The label of a field path (`a.b.0.c`), by its longest labelled prefix; undefined if none. A row
 * of a counted list (ROWS) is named with its number from 1, followed by the field's label.
 */
export function fieldLabelOf(path: string): Label | undefined {
  const all = path.split('.').filter((s) => s !== '');
  const at = all.findIndex((s, i) => i > 0 && /^\d+$/.test(s) && ROWS[all.slice(0, i).join('.')] !== undefined);
  const names = (segments: string[]) => segments.filter((s) => !/^\d+$/.test(s));
  if (at < 0) return labelByPrefix(names(all));
  const list = all.slice(0, at);
  const rowWords = ROWS[list.join('.')] as Label;
  const n = String(Number(all[at]) + 1);
  const row = rowWords.map((words) => words.replace('{n}', n)) as unknown as Label;
  const rest = names(all.slice(at + 1));
  if (!rest.length) return row;
  const inner = labelByPrefix([...list, ...rest]);
  if (!inner || inner === LABELS[list.join('.')]) return row;
  return row.map((words, i) => `${words}${ROW_JOIN[i]}${inner[i]}`) as unknown as Label;
}

export function fieldLabel(path: string, lang: Language): string {
  return (fieldLabelOf(path) ?? UNKNOWN)[INDEX[lang]];
}

/**
 * One field error as a sentence a person reads: "Current password is incorrect",
 * "当前密码错误", "現在のパスワードが正しくありません". English puts a space between subject and
 * predicate; Chinese and Japanese predicates attach directly (the Japanese ones start with their
 * particle).
 */
export function describeFieldError(error: FieldError, lang: Language): string {
  const reason = FIELD_REASONS[error.reason] ?? FIELD_REASONS.invalidValue;
  const label = fieldLabel(error.field, lang);
  const named = error.subject ? `${label}${lang === 'en' ? ' ' : ''}“${error.subject}”` : label;
  const base = lang === 'en' ? `${named} ${reason.en}` : `${named}${reason[lang]}`;
  const sentence = error.detail ? `${base}${lang === 'en' ? ': ' : '：'}${error.detail}` : base;
  return error.at ? `${sentence}${POSITION[lang](error.at.line, error.at.column)}` : sentence;
}

/** " (line 3, column 5)": where a parser found the fault in a multi-line value. */
const POSITION: Record<Language, (line: number, column: number) => string> = {
  en: (line, column) => ` (line ${line}, column ${column})`,
  'zh-chs': (line, column) => `（第 ${line} 行，第 ${column} 列）`,
  'zh-cht': (line, column) => `（第 ${line} 行，第 ${column} 欄）`,
  ja: (line, column) => `（${line} 行 ${column} 列目）`,
};
