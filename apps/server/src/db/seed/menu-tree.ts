import { type LocalizedText, PERMISSIONS } from '@agent-console/contracts';

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

const t = (en: string, zhChs: string, zhCht: string, ja: string): LocalizedText => ({
  en,
  'zh-chs': zhChs,
  'zh-cht': zhCht,
  ja,
});

const BUTTON_TITLES: Record<string, LocalizedText> = {
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

/** The namespace buttons of the configuration screen, beside its item buttons. */
const NAMESPACE_TITLES: Record<string, LocalizedText> = {
  add: t('Add namespace', '新增命名空间', '新增命名空間', '名前空間の追加'),
  edit: t('Edit namespace', '修改命名空间', '修改命名空間', '名前空間の編集'),
  remove: t('Delete namespace', '删除命名空间', '刪除命名空間', '名前空間の削除'),
};

/** Buttons for every code of a permission group, named after the menu: `SystemUser:add`. */
function buttons(menuName: string, group: Record<string, string>): SeedMenu[] {
  return Object.entries(group).map(([action, permission]) => ({
    name: `${menuName}:${action}`,
    type: 'button',
    titles: BUTTON_TITLES[action] ?? t(action, action, action, action),
    permission,
  }));
}

function page(
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
function withButtons(menu: SeedMenu, extra: SeedMenu[]): SeedMenu {
  return { ...menu, children: [...(menu.children ?? []), ...extra] };
}

const P = PERMISSIONS;

/** The full menu of SPEC §2 "Menu". Component paths map onto pages of the web app. */
export const MENU_TREE: SeedMenu[] = [
  {
    name: 'System',
    type: 'directory',
    path: '/system',
    icon: 'setting',
    titles: t('System management', '系统管理', '系統管理', 'システム管理'),
    children: [
      page(
        'SystemMenu',
        '/system/menu',
        'system/menu/index',
        t('Menus', '菜单管理', '選單管理', 'メニュー管理'),
        P.menu,
        'menu',
      ),
      page(
        'SystemDept',
        '/system/dept',
        'system/dept/index',
        t('Customers', '客户管理', '客戶管理', '顧客管理'),
        P.dept,
        'apartment',
      ),
      page(
        'SystemRole',
        '/system/role',
        'system/role/index',
        t('User permission assignment', '用户权限分配', '使用者權限分配', 'ユーザー権限の割り当て'),
        P.role,
        'safety',
      ),
      page(
        'SystemPost',
        '/system/post',
        'system/post/index',
        t('Posts', '岗位管理', '崗位管理', '役職管理'),
        P.post,
        'idcard',
      ),
      page(
        'SystemUser',
        '/system/user',
        'system/user/index',
        t('Users', '用户管理', '使用者管理', 'ユーザー管理'),
        P.user,
        'user',
      ),
      page(
        'SystemDict',
        '/system/dict',
        'system/dict/index',
        t('Dictionaries', '字典管理', '字典管理', '辞書管理'),
        P.dict,
        'book',
      ),
      page(
        'SystemJob',
        '/system/job',
        'system/job/index',
        t('Task scheduling', '任务调度', '任務排程', 'タスクスケジュール'),
        P.job,
        'schedule',
      ),
    ],
  },
  {
    name: 'Monitor',
    type: 'directory',
    path: '/monitor',
    icon: 'monitor',
    titles: t('Monitoring', '系统监控', '系統監控', '監視'),
    children: [
      page(
        'MonitorOnline',
        '/monitor/online',
        'monitor/online/index',
        t('Online users', '在线用户', '線上使用者', 'オンラインユーザー'),
        P.online,
        'team',
      ),
      page(
        'MonitorOperlog',
        '/monitor/operlog',
        'monitor/operlog/index',
        t('Operation logs', '操作日志', '操作日誌', '操作ログ'),
        P.operlog,
        'file-text',
      ),
      page(
        'MonitorLoginlog',
        '/monitor/loginlog',
        'monitor/loginlog/index',
        t('Login logs', '登录日志', '登入日誌', 'ログインログ'),
        P.loginlog,
        'login',
      ),
    ],
  },
  {
    name: 'Message',
    type: 'directory',
    path: '/message',
    icon: 'mail',
    titles: t('Messages', '消息管理', '訊息管理', 'メッセージ'),
    children: [
      page(
        'MessageMail',
        '/message/mail',
        'message/mail/index',
        t('Mail settings', '邮件设置', '郵件設定', 'メール設定'),
        P.mail,
        'mail',
      ),
    ],
  },
  {
    name: 'Chat',
    type: 'directory',
    path: '/chat',
    icon: 'wechat',
    titles: t('Messaging account management', '账号管理', '帳號管理', 'アカウント管理'),
    children: [
      page(
        'ChatAccount',
        '/chat/account',
        'chat/account/index',
        t('Account login', '账号登录', '帳號登入', 'アカウントログイン'),
        P.chatAccount,
        'qrcode',
      ),
      withButtons(
        page(
          'ChatAddress',
          '/chat/address',
          'chat/address/index',
          t('Relationship management', '关系管理', '關係管理', '関係管理'),
          P.chatAddress,
          'contacts',
        ),
        buttons('ChatMessage', P.chatMessage),
      ),
    ],
  },
  {
    name: 'Metrics',
    type: 'directory',
    path: '/metrics',
    icon: 'line-chart',
    titles: t('Metrics', '数据指标', '數據指標', '指標'),
    children: [
      page(
        'MetricsCustomerSession',
        '/metrics/customer-session',
        'metrics/customer-session/index',
        t('Customer session metrics', '客户会话指标', '客戶會話指標', '顧客セッション指標'),
        P.metricsSession,
        'message',
      ),
      page(
        'MetricsDashboard',
        '/metrics/dashboard',
        'metrics/dashboard/index',
        t('Dashboard', '数据看板', '數據看板', 'ダッシュボード'),
        P.metricsDashboard,
        'dashboard',
      ),
    ],
  },
  {
    name: 'Followup',
    type: 'directory',
    path: '/followup',
    icon: 'aim',
    titles: t('Follow-up', '跟进管理', '跟進管理', 'フォローアップ'),
    children: [
      page(
        'FollowupConfig',
        '/followup/config',
        'followup/config/index',
        t('Follow-up strategy', '跟进策略', '跟進策略', 'フォローアップ戦略'),
        P.followupConfig,
        'branches',
      ),
      page(
        'FollowupActive',
        '/followup/active',
        'followup/active/index',
        t('Active follow-up', '主动跟进', '主動跟進', '能動的フォローアップ'),
        P.followupActive,
        'thunderbolt',
      ),
    ],
  },
  {
    name: 'App',
    type: 'directory',
    path: '/app',
    icon: 'appstore',
    titles: t('App management', '应用管理', '應用管理', 'アプリ管理'),
    children: [
      page(
        'AppInfo',
        '/app/info',
        'app/info/index',
        t('App info', '应用信息', '應用資訊', 'アプリ情報'),
        P.appInfo,
        'info-circle',
      ),
      withButtons(
        page(
          'AppItem',
          '/app/item',
          'app/item/index',
          t('Configuration', '应用配置', '應用配置', '設定'),
          P.appItem,
          'control',
        ),
        Object.entries(P.appNamespace).map(([action, permission]) => ({
          name: `AppNamespace:${action}`,
          type: 'button' as const,
          titles: NAMESPACE_TITLES[action] ?? t(action, action, action, action),
          permission,
        })),
      ),
    ],
  },
  {
    name: 'Knowledge',
    type: 'directory',
    path: '/knowledge',
    icon: 'read',
    titles: t('Knowledge', '知识库', '知識庫', 'ナレッジ'),
    children: [
      page(
        'KnowledgeQa',
        '/knowledge/qa',
        'knowledge/qa/index',
        t('QA', '问答管理', '問答管理', 'Q&A 管理'),
        P.knowledgeQa,
        'question-circle',
      ),
      page(
        'KnowledgeFile',
        '/knowledge/file',
        'knowledge/file/index',
        t('Documents', '文档管理', '文件管理', 'ドキュメント管理'),
        P.knowledgeFile,
        'folder',
      ),
    ],
  },
  {
    name: 'Ai',
    type: 'directory',
    path: '/ai',
    icon: 'robot',
    titles: t('AI config', 'AI 配置', 'AI 配置', 'AI 設定'),
    children: [
      page(
        'AiMainPrompt',
        '/ai/main-prompt',
        'ai/main-prompt/index',
        t('Main prompt', '主提示词', '主提示詞', 'メインプロンプト'),
        P.aiMainPrompt,
        'edit',
      ),
      page(
        'AiNewCustomerAccess',
        '/ai/new-customer-access',
        'ai/new-customer-access/index',
        t('New customer access', '新客接入', '新客接入', '新規顧客の受け入れ'),
        P.aiAccess,
        'user-add',
      ),
      page(
        'AiPermission',
        '/ai/permission',
        'ai/permission/index',
        t('Permission config', '权限配置', '權限配置', '権限設定'),
        P.aiPermission,
        'lock',
      ),
    ],
  },
  page(
    'UsageDashboard',
    '/usage/dashboard',
    'usage/dashboard/index',
    t('Usage report', '用量报表', '用量報表', '利用状況レポート'),
    P.usage,
    'pie-chart',
  ),
  {
    name: 'Guide',
    type: 'directory',
    path: '/guide',
    icon: 'compass',
    titles: t('Help', '帮助', '說明', 'ヘルプ'),
    children: [
      {
        name: 'GuideUser',
        type: 'menu',
        path: '/guide/user',
        component: 'guide/user/index',
        icon: 'compass',
        titles: t('User guide', '用户指南', '使用者指南', 'ユーザーガイド'),
      },
      {
        name: 'GuideDoc',
        type: 'menu',
        path: '/guide/doc',
        component: 'guide/doc/index',
        icon: 'file-search',
        titles: t('Instruction doc', '说明文档', '說明文件', '説明ドキュメント'),
      },
    ],
  },
  {
    name: 'UserSetting',
    type: 'menu',
    path: '/boot/admin/system/user/setting',
    component: 'system/user/setting',
    icon: 'user',
    titles: t('User settings', '个人设置', '個人設定', 'ユーザー設定'),
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
