import type { Language } from './language';

/**
 * The error catalogue (DESIGN §4): Alibaba-style codes, the HTTP status of their class,
 * and the message in every language. One table so server and web never disagree.
 */
export const SUCCESS_CODE = '00000';

interface ErrorEntry {
  status: number;
  messages: Record<Language, string>;
}

export const ERROR_CATALOGUE = {
  A0001: {
    status: 400,
    messages: { en: 'Client error', 'zh-chs': '用户端错误', 'zh-cht': '用戶端錯誤', ja: 'クライアントエラー' },
  },
  A0111: {
    status: 400,
    messages: { en: 'Name already exists', 'zh-chs': '名称已存在', 'zh-cht': '名稱已存在', ja: '名前は既に存在します' },
  },
  A0130: {
    status: 400,
    messages: {
      en: 'Invalid invitation code',
      'zh-chs': '邀请码无效',
      'zh-cht': '邀請碼無效',
      ja: '招待コードが無効です',
    },
  },
  A0202: {
    status: 403,
    messages: {
      en: 'Account is disabled',
      'zh-chs': '账户已被停用',
      'zh-cht': '帳戶已被停用',
      ja: 'アカウントは無効です',
    },
  },
  A0210: {
    status: 400,
    messages: {
      en: 'Wrong username or password',
      'zh-chs': '用户名或密码错误',
      'zh-cht': '用戶名或密碼錯誤',
      ja: 'ユーザー名またはパスワードが正しくありません',
    },
  },
  A0211: {
    status: 429,
    messages: {
      en: 'Too many wrong passwords from this address; sign-in is locked here for 10 minutes',
      'zh-chs': '此地址密码错误次数过多，已在此锁定登录 10 分钟',
      'zh-cht': '此位址密碼錯誤次數過多，已在此鎖定登入 10 分鐘',
      ja: 'このアドレスからのパスワードの誤りが多すぎるため、ここからのサインインは 10 分間ロックされています',
    },
  },
  A0301: {
    status: 401,
    messages: {
      en: 'Not signed in, or the session has ended (signed out, expired or ended by an administrator); please sign in again',
      'zh-chs': '未登录，或会话已结束（已退出、已过期或被管理员结束），请重新登录',
      'zh-cht': '未登入，或工作階段已結束（已登出、已過期或被管理員結束），請重新登入',
      ja: '未サインイン、またはセッションが終了しました（サインアウト、期限切れ、または管理者による終了）。再度サインインしてください',
    },
  },
  A0312: {
    status: 403,
    messages: {
      en: 'You have no permission for this operation',
      'zh-chs': '无权限执行此操作',
      'zh-cht': '無權限執行此操作',
      ja: 'この操作を行う権限がありません',
    },
  },
  A0400: {
    status: 400,
    messages: { en: 'Parameter error', 'zh-chs': '参数错误', 'zh-cht': '參數錯誤', ja: 'パラメーターエラー' },
  },
  A0404: {
    status: 404,
    messages: { en: 'Not found', 'zh-chs': '请求的资源不存在', 'zh-cht': '請求的資源不存在', ja: '見つかりません' },
  },
  A0410: {
    status: 400,
    messages: {
      en: 'Required field missing',
      'zh-chs': '缺少必填字段',
      'zh-cht': '缺少必填欄位',
      ja: '必須項目がありません',
    },
  },
  A0420: {
    status: 400,
    messages: {
      en: 'Value out of range',
      'zh-chs': '参数值超出范围',
      'zh-cht': '參數值超出範圍',
      ja: '値が範囲外です',
    },
  },
  A0427: {
    status: 400,
    messages: {
      en: 'Malformed request body',
      'zh-chs': '请求体格式错误',
      'zh-cht': '請求內容格式錯誤',
      ja: 'リクエスト本文の形式が正しくありません',
    },
  },
  A0440: {
    status: 400,
    messages: {
      en: 'Operation not allowed',
      'zh-chs': '不允许此操作',
      'zh-cht': '不允許此操作',
      ja: 'この操作は許可されていません',
    },
  },
  A0501: {
    status: 429,
    messages: {
      en: 'Too many requests, please try again later',
      'zh-chs': '请求过于频繁，请稍后再试',
      'zh-cht': '請求過於頻繁，請稍後再試',
      ja: 'リクエストが多すぎます。しばらくしてから再試行してください',
    },
  },
  A0502: {
    status: 429,
    messages: {
      en: 'An export is already running for your customer; try again when it finishes',
      'zh-chs': '您所属的客户已有一个导出正在进行，请在其完成后再试',
      'zh-cht': '您所屬的客戶已有一個匯出正在進行，請在其完成後再試',
      ja: 'ご所属の顧客のエクスポートがすでに実行中です。完了してから再試行してください',
    },
  },
  A0503: {
    status: 429,
    messages: {
      en: 'Too many exports are running on the server; try again in a minute',
      'zh-chs': '服务器上正在进行的导出过多，请一分钟后再试',
      'zh-cht': '伺服器上正在進行的匯出過多，請一分鐘後再試',
      ja: 'サーバーで実行中のエクスポートが多すぎます。1 分後に再試行してください',
    },
  },
  A0701: {
    status: 400,
    messages: {
      en: 'Wrong file type',
      'zh-chs': '文件类型错误',
      'zh-cht': '檔案類型錯誤',
      ja: 'ファイル形式が正しくありません',
    },
  },
  A0702: {
    status: 413,
    messages: { en: 'File too large', 'zh-chs': '文件过大', 'zh-cht': '檔案過大', ja: 'ファイルが大きすぎます' },
  },
  A0703: {
    status: 413,
    messages: {
      en: 'Storage quota exceeded',
      'zh-chs': '存储空间配额已用完',
      'zh-cht': '儲存空間配額已用完',
      ja: 'ストレージの容量上限を超えています',
    },
  },
  A0605: {
    status: 429,
    messages: {
      en: "This month's answer quota is used up; the agent answers again next month or when the quota is raised",
      'zh-chs': '本月回答额度已用完；下月或额度提高后智能体将恢复回答',
      'zh-cht': '本月回答額度已用完；下月或額度提高後智能體將恢復回答',
      ja: '今月の回答上限に達しました。来月または上限の引き上げ後に再び回答します',
    },
  },
  B0001: {
    status: 500,
    messages: {
      en: 'Internal server error',
      'zh-chs': '系统执行出错',
      'zh-cht': '系統執行出錯',
      ja: 'サーバー内部エラー',
    },
  },
  C0120: {
    status: 502,
    messages: {
      en: 'Messaging gateway error',
      'zh-chs': '消息网关出错',
      'zh-cht': '訊息閘道出錯',
      ja: 'メッセージゲートウェイのエラー',
    },
  },
  C0500: {
    status: 502,
    messages: {
      en: 'Mail service error',
      'zh-chs': '邮件服务出错',
      'zh-cht': '郵件服務出錯',
      ja: 'メールサービスのエラー',
    },
  },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function errorMessage(code: ErrorCode, lang: Language): string {
  return ERROR_CATALOGUE[code].messages[lang];
}

export function errorStatus(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

/**
 * The data of an outside service's failure (C0120, C0500): what the other side said, e.g. the
 * SMTP server's `535 5.7.8 Authentication failed`. The answer's message ends with it too.
 */
export interface ServiceErrorData {
  detail: string;
}

/**
 * The QR login's failures in the words of SPEC §8, for the login dialog (WAVE2 §1.3 error states).
 * `qrFailed` is also the start of the detail of the C0120 answer of `GET /account/login`, followed
 * by the gateway's own reason; `loginFailed` and `qrExpired` go with the `failed`/`cancelled` and
 * `expired` states of `POST /account/getLoginInfo`.
 */
export const CHAT_LOGIN_MESSAGES = {
  qrFailed: {
    en: 'QR code generation failed',
    'zh-chs': '二维码生成失败',
    'zh-cht': 'QR 碼產生失敗',
    ja: 'QR コードの生成に失敗しました',
  },
  loginFailed: { en: 'Login failed', 'zh-chs': '登录失败', 'zh-cht': '登入失敗', ja: 'ログインに失敗しました' },
  qrExpired: {
    en: 'QR code expired; generate a new one',
    'zh-chs': '二维码已过期，请重新生成',
    'zh-cht': 'QR 碼已過期，請重新產生',
    ja: 'QR コードの有効期限が切れました。再生成してください',
  },
} as const satisfies Record<string, Record<Language, string>>;
export type ChatLoginMessage = keyof typeof CHAT_LOGIN_MESSAGES;
