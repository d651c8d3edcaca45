import { DICT_TYPES, type DictLabels, type DictTagColor } from '@agent-console/contracts';
import type { Db } from '../client';
import { dictEntries, dictTypes } from '../schema';

interface SeedDict {
  type: string;
  names: DictLabels;
  entries: { value: string; labels: DictLabels; tagColor?: DictTagColor }[];
}

const t = (en: string, zhChs: string, zhCht: string, ja: string): DictLabels => ({
  en,
  'zh-chs': zhChs,
  'zh-cht': zhCht,
  ja,
});

/** The enumerations of SPEC §9; screens read them through the dictionary cache. */
export const SEED_DICTIONARIES: SeedDict[] = [
  {
    type: DICT_TYPES.genderOptions,
    names: t('Gender options', '性别选项', '性別選項', '性別の選択肢'),
    entries: [
      { value: 'other', labels: t('Other', '其他', '其他', 'その他') },
      { value: 'male', labels: t('Male', '男', '男', '男性'), tagColor: 'blue' },
      { value: 'female', labels: t('Female', '女', '女', '女性'), tagColor: 'magenta' },
    ],
  },
  {
    type: DICT_TYPES.userGender,
    names: t('User gender', '用户性别', '使用者性別', 'ユーザーの性別'),
    entries: [
      { value: 'male', labels: t('Male', '男', '男', '男性'), tagColor: 'blue' },
      { value: 'female', labels: t('Female', '女', '女', '女性'), tagColor: 'magenta' },
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
    type: DICT_TYPES.messageType,
    names: t('Message type', '消息类型', '訊息類型', 'メッセージ種別'),
    entries: [
      { value: 'text', labels: t('Text', '文本', '文字', 'テキスト') },
      { value: 'file', labels: t('File', '文件', '檔案', 'ファイル'), tagColor: 'blue' },
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
