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
