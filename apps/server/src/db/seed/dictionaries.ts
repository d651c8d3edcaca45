import {
  DICT_TYPES,
  type DictLabels,
  type DictTagColor,
  VALUE_DICTS,
  type ValueDictType,
} from '@agent-console/contracts';
import type { Db } from '../client';
import { dictEntries, dictTypes } from '../schema';
import { t } from './menu-tree';

interface SeedEntry {
  labels: DictLabels;
  tagColor?: DictTagColor;
}

interface SeedDict {
  type: string;
  names: DictLabels;
  entries: ({ value: string } & SeedEntry)[];
}

type ValueEntries<T extends ValueDictType> = Record<(typeof VALUE_DICTS)[T][number], SeedEntry>;

/**
 * A value dictionary's entries in the contracts enum's order. Typed by the enum, so a value added
 * to it does not compile until it has labels here.
 */
function valueDict<T extends ValueDictType>(type: T, names: DictLabels, entries: ValueEntries<T>): SeedDict {
  const byValue: Record<string, SeedEntry> = entries;
  return {
    type,
    names,
    entries: VALUE_DICTS[type].map((value: string) => {
      const entry = byValue[value];
      if (!entry) throw new Error(`seed: no labels for ${type}.${value}`);
      return { value, ...entry };
    }),
  };
}

/** Values two dictionaries both hold: the same value reads and looks the same in each. */
const SHARED: Record<'male' | 'female' | 'text' | 'file', SeedEntry> = {
  male: { labels: t('Male', '男', '男', '男性'), tagColor: 'blue' },
  female: { labels: t('Female', '女', '女', '女性'), tagColor: 'magenta' },
  text: { labels: t('Text', '文本', '文字', 'テキスト') },
  file: { labels: t('File', '文件', '檔案', 'ファイル'), tagColor: 'blue' },
};

/** The enumerations of SPEC §9; screens read them through the dictionary cache. */
export const SEED_DICTIONARIES: SeedDict[] = [
  {
    type: DICT_TYPES.genderOptions,
    names: t('Gender options', '性别选项', '性別選項', '性別の選択肢'),
    entries: [
      { value: 'other', labels: t('Other', '其他', '其他', 'その他') },
      { value: 'male', ...SHARED.male },
      { value: 'female', ...SHARED.female },
    ],
  },
  {
    type: DICT_TYPES.userGender,
    names: t('User gender', '用户性别', '使用者性別', 'ユーザーの性別'),
    entries: [
      { value: 'male', ...SHARED.male },
      { value: 'female', ...SHARED.female },
      { value: 'unknown', labels: t('Unknown', '未知', '未知', '不明') },
    ],
  },
  {
    type: DICT_TYPES.relationship,
    names: t('Relationship', '关系', '關係', '関係'),
    entries: [
      { value: 'default', labels: t('Default', '默认', '預設', 'デフォルト') },
      { value: 'colleague', labels: t('Colleague', '同事', '同事', '同僚'), tagColor: 'cyan' },
      { value: 'silent', labels: t('Silent', '静默', '靜默', 'サイレント'), tagColor: 'warning' },
    ],
  },
  {
    type: DICT_TYPES.addressType,
    names: t('Address type', '通讯录类型', '通訊錄類型', 'アドレス種別'),
    entries: [
      { value: 'friend', labels: t('Friend', '好友', '好友', '友だち'), tagColor: 'green' },
      { value: 'group', labels: t('Group', '群组', '群組', 'グループ'), tagColor: 'purple' },
    ],
  },
  {
    type: DICT_TYPES.chatLoginStatus,
    names: t('Chat login status', '聊天账号登录状态', '聊天帳號登入狀態', 'チャットのログイン状態'),
    entries: [
      { value: 'online', labels: t('Online', '在线', '線上', 'オンライン'), tagColor: 'success' },
      { value: 'offline', labels: t('Offline', '离线', '離線', 'オフライン') },
    ],
  },
  {
    type: DICT_TYPES.chatRegion,
    // The gateway's integer proxy codes (WAVE2 §1.4): the QR login must use the phone's province.
    names: t('Chat login region', '登录地区', '登入地區', 'ログイン地域'),
    entries: [
      { value: '1', labels: t('Beijing', '北京', '北京', '北京') },
      { value: '2', labels: t('Tianjin', '天津', '天津', '天津') },
      { value: '3', labels: t('Shanghai', '上海', '上海', '上海') },
      { value: '4', labels: t('Chongqing', '重庆', '重慶', '重慶') },
      { value: '5', labels: t('Hebei', '河北', '河北', '河北') },
      { value: '6', labels: t('Shanxi', '山西', '山西', '山西') },
      { value: '7', labels: t('Jiangsu', '江苏', '江蘇', '江蘇') },
      { value: '8', labels: t('Zhejiang', '浙江', '浙江', '浙江') },
      { value: '9', labels: t('Anhui', '安徽', '安徽', '安徽') },
      { value: '10', labels: t('Fujian', '福建', '福建', '福建') },
      { value: '11', labels: t('Jiangxi', '江西', '江西', '江西') },
      { value: '12', labels: t('Shandong', '山东', '山東', '山東') },
      { value: '13', labels: t('Henan', '河南', '河南', '河南') },
      { value: '14', labels: t('Hubei', '湖北', '湖北', '湖北') },
      { value: '15', labels: t('Hunan', '湖南', '湖南', '湖南') },
      { value: '16', labels: t('Guangdong', '广东', '廣東', '広東') },
      { value: '17', labels: t('Hainan', '海南', '海南', '海南') },
      { value: '18', labels: t('Sichuan', '四川', '四川', '四川') },
      { value: '19', labels: t('Yunnan', '云南', '雲南', '雲南') },
      { value: '20', labels: t('Shaanxi', '陕西', '陝西', '陝西') },
      { value: '21', labels: t('Heilongjiang', '黑龙江', '黑龍江', '黒竜江') },
      { value: '22', labels: t('Liaoning', '辽宁', '遼寧', '遼寧') },
      { value: '23', labels: t('Guizhou', '贵州', '貴州', '貴州') },
      { value: '24', labels: t('Guangxi', '广西', '廣西', '広西') },
      { value: '25', labels: t('Ningxia', '宁夏', '寧夏', '寧夏') },
      { value: '26', labels: t('Qinghai', '青海', '青海', '青海') },
      { value: '27', labels: t('Gansu', '甘肃', '甘肅', '甘粛') },
      { value: '28', labels: t('Tibet', '西藏', '西藏', 'チベット') },
      { value: '29', labels: t('Jilin', '吉林', '吉林', '吉林') },
      { value: '30', labels: t('Inner Mongolia', '内蒙古', '內蒙古', '内モンゴル') },
    ],
  },
  {
    type: DICT_TYPES.messageType,
    names: t('Message type', '消息类型', '訊息類型', 'メッセージ種別'),
    entries: [
      { value: 'text', ...SHARED.text },
      { value: 'file', ...SHARED.file },
    ],
  },
  {
    type: DICT_TYPES.miningStatus,
    names: t('Mining status', '挖掘状态', '挖掘狀態', 'マイニング状態'),
    entries: [
      { value: '1', labels: t('Abnormal', '异常', '異常', '異常'), tagColor: 'error' },
      { value: '2', labels: t('Running', '运行中', '執行中', '実行中'), tagColor: 'processing' },
      { value: '3', labels: t('Completed', '已完成', '已完成', '完了'), tagColor: 'success' },
    ],
  },
  // Value dictionaries (docs/decisions.md, "Value dictionaries"): values from the contracts enums.
  valueDict(
    DICT_TYPES.welcomeMessageType,
    t('Welcome message type', '欢迎语类型', '歡迎語類型', 'ウェルカムメッセージの種類'),
    {
      text: SHARED.text,
      file: SHARED.file,
      image: { labels: t('Image', '图片', '圖片', '画像'), tagColor: 'purple' },
    },
  ),
  valueDict(DICT_TYPES.appStatus, t('App status', '应用状态', '應用狀態', 'アプリの状態'), {
    stopped: { labels: t('Stopped', '已停止', '已停止', '停止') },
    starting: { labels: t('Starting', '启动中', '啟動中', '起動中'), tagColor: 'processing' },
    running: { labels: t('Running', '运行中', '執行中', '実行中'), tagColor: 'success' },
    stopping: { labels: t('Stopping', '停止中', '停止中', '停止中'), tagColor: 'processing' },
    failed: { labels: t('Failed', '启动失败', '啟動失敗', '失敗'), tagColor: 'error' },
  }),
  valueDict(
    DICT_TYPES.followupTrigger,
    t('Follow-up trigger', '跟进触发条件', '跟進觸發條件', 'フォローアップのきっかけ'),
    {
      noReply: {
        labels: t('No reply for a while', '一段时间未回复', '一段時間未回覆', '一定時間返信なし'),
        tagColor: 'orange',
      },
      afterFriend: {
        labels: t('Days after becoming friends', '成为好友若干天后', '成為好友若干天後', '友だちになってから数日後'),
        tagColor: 'green',
      },
      hasLabel: {
        labels: t('Contact has a label', '联系人带有标签', '聯絡人帶有標籤', '連絡先にラベルあり'),
        tagColor: 'purple',
      },
    },
  ),
  valueDict(
    DICT_TYPES.followupSendStatus,
    t('Follow-up send status', '跟进发送状态', '跟進傳送狀態', 'フォローアップの送信状態'),
    {
      queued: { labels: t('Queued', '排队中', '排隊中', '送信待ち') },
      sending: { labels: t('Sending', '发送中', '傳送中', '送信中'), tagColor: 'processing' },
      sent: { labels: t('Sent', '已发送', '已傳送', '送信済み'), tagColor: 'success' },
      failed: { labels: t('Failed', '失败', '失敗', '失敗'), tagColor: 'error' },
      skipped: { labels: t('Skipped', '已跳过', '已略過', 'スキップ'), tagColor: 'warning' },
    },
  ),
  valueDict(
    DICT_TYPES.followupSkipReason,
    t('Follow-up skip reason', '跟进跳过原因', '跟進略過原因', 'フォローアップを見送った理由'),
    {
      strategyDisabled: {
        labels: t(
          'The strategy was disabled or deleted',
          '策略已停用或删除',
          '策略已停用或刪除',
          '戦略が無効化または削除されました',
        ),
      },
      robotDisabled: {
        labels: t(
          'The robot was disabled or deleted',
          '机器人已停用或删除',
          '機器人已停用或刪除',
          'ロボットが無効化または削除されました',
        ),
      },
      notDefault: {
        labels: t(
          'The contact is no longer one to follow up (colleague, silent or gone)',
          '该联系人已不在跟进范围内（同事、静默或已删除）',
          '該聯絡人已不在跟進範圍內（同事、靜默或已刪除）',
          'この連絡先はフォローアップの対象外になりました（同僚、サイレント、または削除済み）',
        ),
      },
      replied: { labels: t('The contact replied', '联系人已回复', '聯絡人已回覆', '連絡先から返信がありました') },
      takenOver: {
        labels: t(
          'A person took over the conversation',
          '已有人工接管对话',
          '已有人工接管對話',
          '担当者が会話を引き継ぎました',
        ),
      },
      nothingToSend: {
        labels: t(
          'The step has nothing to send (its file is gone)',
          '该步骤没有可发送的内容（文件已不存在）',
          '該步驟沒有可傳送的內容（檔案已不存在）',
          'このステップには送る内容がありません（ファイルが削除されました）',
        ),
      },
    },
  ),
  valueDict(
    DICT_TYPES.followupHoldReason,
    t('Follow-up hold reason', '跟进暂缓原因', '跟進暫緩原因', 'フォローアップを保留する理由'),
    {
      accountOffline: { labels: t('The account is offline', '账号离线', '帳號離線', 'アカウントがオフラインです') },
      outsideWorkingHours: {
        labels: t(
          'Outside the robot’s working hours',
          '不在机器人的工作时间内',
          '不在機器人的工作時間內',
          'ロボットの稼働時間外です',
        ),
      },
      quietHours: {
        labels: t(
          'Within the strategy’s quiet hours',
          '处于策略的免打扰时段',
          '處於策略的免打擾時段',
          '戦略のおやすみ時間中です',
        ),
      },
      dailyCapReached: {
        labels: t('The daily cap is reached', '已达到每日上限', '已達到每日上限', '1 日の上限に達しました'),
      },
      replyReserve: {
        labels: t(
          'The account’s sends left today are kept for replies (the customer’s reply reserve)',
          '账号今日剩余的发送量留给回复（客户的回复预留）',
          '帳號今日剩餘的發送量留給回覆（客戶的回覆預留）',
          'アカウントの本日の残り送信枠は返信用に確保されています（顧客の返信用予約枠）',
        ),
      },
    },
  ),
];

/**
 * Idempotent: a type is created with its entries only when its key is missing, so entries an
 * operator deleted or relabelled are never brought back or overwritten.
 */
export async function seedDictionaries(db: Db): Promise<void> {
  for (const dict of SEED_DICTIONARIES) {
    const [created] = await db
      .insert(dictTypes)
      .values({ type: dict.type, names: dict.names, builtin: true })
      .onConflictDoNothing()
      .returning({ id: dictTypes.id });
    if (!created) continue;
    await db.insert(dictEntries).values(
      dict.entries.map((entry, index) => ({
        typeId: created.id,
        value: entry.value,
        labels: entry.labels,
        sort: index,
        tagColor: entry.tagColor ?? 'default',
      })),
    );
  }
}
