import type { LocalizedText } from '@agent-console/contracts';

/**
 * The seeded menu's skeleton and the helpers the features' manifests (`modules/<context>/<feature>/module.ts`)
 * build their pages with. The tree itself is put together in src/menu.ts, above the modules: this
 * file is in `db/`, which may not import them.
 */

/** One node of the seeded menu tree; `name` is the stable key the seed upserts by. */
export interface SeedMenu {
  name: string;
  type: 'directory' | 'menu' | 'button';
  titles: LocalizedText;
  path?: string;
  component?: string;
  permission?: string;
  icon?: string;
  cache?: boolean;
  hidden?: boolean;
  children?: SeedMenu[];
}

/**
 * A node and its place in the tree: under the directory of that `name` (absent: the top level),
 * at `order` among its siblings, lowest first. The seed stores the position, not the number, so
 * the numbers are spaced by ten to leave room for a page between two others.
 */
export interface MenuPlacement {
  under?: string;
  order: number;
  menu: SeedMenu;
}

export const t = (en: string, zhChs: string, zhCht: string, ja: string): LocalizedText => ({
  en,
  'zh-chs': zhChs,
  'zh-cht': zhCht,
  ja,
});

export const BUTTON_TITLES: Record<string, LocalizedText> = {
  list: t('Query', '查询', '查詢', '照会'),
  add: t('Add', '新增', '新增', '追加'),
  edit: t('Edit', '修改', '修改', '編集'),
  remove: t('Delete', '删除', '刪除', '削除'),
  resetPwd: t('Reset password', '重置密码', '重設密碼', 'パスワードのリセット'),
  export: t('Export', '导出', '匯出', 'エクスポート'),
  run: t('Run now', '立即执行', '立即執行', '今すぐ実行'),
  forceLogout: t('Force logout', '强制退出', '強制登出', '強制ログアウト'),
  query: t('Query', '查询', '查詢', '照会'),
  test: t('Send test mail', '发送测试邮件', '發送測試郵件', 'テストメール送信'),
  upload: t('Upload', '上传', '上傳', 'アップロード'),
  import: t('Import', '导入', '匯入', 'インポート'),
  start: t('Start', '启动', '啟動', '起動'),
  stop: t('Stop', '停止', '停止', '停止'),
  key: t('Rotate API key', '重置 API 密钥', '重設 API 金鑰', 'API キーの再発行'),
  login: t('Log in an account', '登录账号', '登入帳號', 'アカウントのログイン'),
  sync: t('Sync status', '同步状态', '同步狀態', '状態の同期'),
  init: t('Initialise contacts', '初始化通讯录', '初始化通訊錄', '連絡先の初期化'),
  relationship: t('Set relationship', '设置关系', '設定關係', '関係の設定'),
  send: t('Send message', '发送消息', '發送訊息', 'メッセージ送信'),
  takeover: t('Take over conversations', '接管会话', '接管會話', '会話の引き継ぎ'),
  quotaEdit: t('Set quota', '设置额度', '設定額度', '上限の設定'),
};

/**
 * Buttons for every code of a permission group, named after the menu: `SystemUser:add`. Titled by
 * `titles` (BUTTON_TITLES unless a screen names its buttons otherwise), else by the action itself.
 */
export function buttons(
  menuName: string,
  group: Record<string, string>,
  titles: Record<string, LocalizedText> = BUTTON_TITLES,
): SeedMenu[] {
  return Object.entries(group).map(([action, permission]) => ({
    name: `${menuName}:${action}`,
    type: 'button',
    titles: titles[action] ?? t(action, action, action, action),
    permission,
  }));
}

/** A screen: its first code is the page's own, and every code of the group is a button under it. */
export function page(
  name: string,
  path: string,
  component: string,
  titles: LocalizedText,
  group: Record<string, string>,
  icon: string,
): SeedMenu {
  const [first] = Object.values(group);
  return {
    name,
    type: 'menu',
    path,
    component,
    titles,
    icon,
    cache: true,
    ...(first ? { permission: first } : {}),
    children: Object.keys(group).length > 1 ? buttons(name, group) : [],
  };
}

/** A page with more buttons than its own permission group gives it. */
export function withButtons(menu: SeedMenu, extra: SeedMenu[]): SeedMenu {
  return { ...menu, children: [...(menu.children ?? []), ...extra] };
}

/** A directory of the skeleton; its children are the pages placed under its name. */
function directory(name: string, path: string, icon: string, titles: LocalizedText): SeedMenu {
  return { name, type: 'directory', path, icon, titles };
}

/**
 * What no single feature owns: the directories of SPEC §2 "Menu" that the features' pages go
 * under, and the help pages, which are web screens with no server feature behind them. The
 * features' pages fill the gaps in the numbering (the usage report at 100, user settings at 120).
 */
export const MENU_SKELETON: readonly MenuPlacement[] = [
  {
    order: 10,
    menu: directory('System', '/system', 'setting', t('System management', '系统管理', '系統管理', 'システム管理')),
  },
  { order: 20, menu: directory('Monitor', '/monitor', 'monitor', t('Monitoring', '系统监控', '系統監控', '監視')) },
  { order: 30, menu: directory('Message', '/message', 'mail', t('Messages', '消息管理', '訊息管理', 'メッセージ')) },
  {
    order: 40,
    menu: directory(
      'Chat',
      '/chat',
      'wechat',
      t('Messaging account management', '账号管理', '帳號管理', 'アカウント管理'),
    ),
  },
  { order: 50, menu: directory('Metrics', '/metrics', 'line-chart', t('Metrics', '数据指标', '數據指標', '指標')) },
  {
    order: 60,
    menu: directory('Followup', '/followup', 'aim', t('Follow-up', '跟进管理', '跟進管理', 'フォローアップ')),
  },
  { order: 70, menu: directory('App', '/app', 'appstore', t('App management', '应用管理', '應用管理', 'アプリ管理')) },
  { order: 80, menu: directory('Knowledge', '/knowledge', 'read', t('Knowledge', '知识库', '知識庫', 'ナレッジ')) },
  { order: 90, menu: directory('Ai', '/ai', 'robot', t('AI config', 'AI 配置', 'AI 配置', 'AI 設定')) },
  { order: 110, menu: directory('Guide', '/guide', 'compass', t('Help', '帮助', '說明', 'ヘルプ')) },
  {
    under: 'Guide',
    order: 10,
    menu: {
      name: 'GuideUser',
      type: 'menu',
      path: '/guide/user',
      component: 'guide/user/index',
      icon: 'compass',
      titles: t('User guide', '用户指南', '使用者指南', 'ユーザーガイド'),
    },
  },
  {
    under: 'Guide',
    order: 20,
    menu: {
      name: 'GuideDoc',
      type: 'menu',
      path: '/guide/doc',
      component: 'guide/doc/index',
      icon: 'file-search',
      titles: t('Instruction doc', '说明文档', '說明文件', '説明ドキュメント'),
    },
  },
];

/**
 * Top-level menu names the staff role received before issue 34. Kept apart because the seed
 * recognises a staff role nobody changed by comparing it with what the seed of its time granted
 * (`staff-menus.ts`).
 */
export const STAFF_MENU_ROOTS_BEFORE_ISSUE_34 = [
  'Chat',
  'Followup',
  'Knowledge',
  'Ai',
  'UsageDashboard',
  'Guide',
  'UserSetting',
];

/**
 * Issue 34: a customer runs its agent alone, so the role its first registered user gets creates,
 * starts and stops that customer's apps (App management → App info, with its buttons; the data
 * scope keeps it to its own customer). The configuration centre stays with administrators
 * (`STAFF_ADMIN_ONLY_MENUS`).
 */
export const STAFF_MENU_ROOTS_ADDED_BY_ISSUE_34 = ['App'];

/** Top-level menu names the default staff role receives (with all their descendants). */
export const STAFF_MENU_ROOTS = [...STAFF_MENU_ROOTS_BEFORE_ISSUE_34, ...STAFF_MENU_ROOTS_ADDED_BY_ISSUE_34];

/**
 * Screens and buttons under those roots that staff must not get (with what is below them).
 * Permission config lists every page of the product and the button codes shared by all customers;
 * only administrators may change them (`system:menu:*`), so to staff it would be a screen they can
 * read but never use. Setting a usage quota is for administrators (WAVE2 §15.1). The configuration
 * centre (`AppItem`) holds an app's agent settings and secret items: an administrator's screen.
 */
export const STAFF_ADMIN_ONLY_MENUS = ['AiPermission', 'UsageDashboard:quotaEdit', 'AppItem'];
