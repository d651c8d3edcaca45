import type { Language, LoginLog, OnlineUser, OperationLog } from '@agent-console/contracts';
import { exportText as tx, type XlsxColumn } from '../../../lib/xlsx-export';

/** Column headers and file names of the three exports, in the caller's language. */
const H = {
  key: tx('Session key', '会话编号', '會話編號', 'セッションキー'),
  username: tx('User', '用户', '使用者', 'ユーザー'),
  nickName: tx('Nickname', '昵称', '暱稱', 'ニックネーム'),
  customer: tx('Customer', '客户', '客戶', '顧客'),
  ip: tx('IP', 'IP 地址', 'IP 位址', 'IP アドレス'),
  browser: tx('Browser', '浏览器', '瀏覽器', 'ブラウザー'),
  os: tx('OS', '操作系统', '作業系統', 'OS'),
  loginTime: tx('Signed in', '登录时间', '登入時間', 'ログイン日時'),
  lastSeen: tx('Last seen', '最后访问', '最後存取', '最終アクセス'),
  id: tx('ID', '编号', '編號', 'ID'),
  title: tx('Module', '模块', '模組', 'モジュール'),
  type: tx('Business type', '业务类型', '業務類型', '業務タイプ'),
  method: tx('Method', '请求方式', '請求方式', 'メソッド'),
  path: tx('Path', '请求地址', '請求位址', 'パス'),
  params: tx('Parameters', '请求参数', '請求參數', 'パラメーター'),
  result: tx('Result', '返回结果', '回傳結果', '結果'),
  status: tx('Status', '状态', '狀態', 'ステータス'),
  errorCode: tx('Error code', '错误码', '錯誤碼', 'エラーコード'),
  errorMessage: tx('Error', '错误信息', '錯誤訊息', 'エラー'),
  cost: tx('Cost (ms)', '耗时（毫秒）', '耗時（毫秒）', '所要時間（ms）'),
  time: tx('Time', '时间', '時間', '日時'),
  event: tx('Event', '事件', '事件', 'イベント'),
  code: tx('Code', '代码', '代碼', 'コード'),
  message: tx('Message', '消息', '訊息', 'メッセージ'),
};

export const EXPORT_NAMES = {
  online: tx('Online users', '在线用户', '線上使用者', 'オンラインユーザー'),
  operation: tx('Operation log', '操作日志', '操作日誌', '操作ログ'),
  login: tx('Login log', '登录日志', '登入日誌', 'ログインログ'),
};

const time = (iso: string) => new Date(iso);

export function onlineColumns(lang: Language): XlsxColumn<OnlineUser>[] {
  return [
    { header: H.key[lang], value: (r) => r.key, width: 20 },
    { header: H.username[lang], value: (r) => r.username },
    { header: H.nickName[lang], value: (r) => r.nickName },
    { header: H.customer[lang], value: (r) => r.customerName },
    { header: H.ip[lang], value: (r) => r.ip },
    { header: H.browser[lang], value: (r) => r.browser },
    { header: H.os[lang], value: (r) => r.os },
    { header: H.loginTime[lang], value: (r) => time(r.loginTime), width: 22 },
    { header: H.lastSeen[lang], value: (r) => time(r.lastSeenAt), width: 22 },
  ];
}

export function operationColumns(lang: Language): XlsxColumn<OperationLog>[] {
  return [
    { header: H.id[lang], value: (r) => r.id, width: 10 },
    { header: H.title[lang], value: (r) => r.title },
    { header: H.type[lang], value: (r) => r.businessType, width: 12 },
    { header: H.method[lang], value: (r) => r.method, width: 8 },
    { header: H.path[lang], value: (r) => r.path, width: 36 },
    { header: H.username[lang], value: (r) => r.username },
    { header: H.customer[lang], value: (r) => r.customerName },
    { header: H.ip[lang], value: (r) => r.ip },
    { header: H.params[lang], value: (r) => r.params, width: 40 },
    { header: H.result[lang], value: (r) => r.result, width: 40 },
    { header: H.status[lang], value: (r) => r.status, width: 10 },
    { header: H.errorCode[lang], value: (r) => r.errorCode, width: 10 },
    { header: H.errorMessage[lang], value: (r) => r.errorMessage, width: 30 },
    { header: H.cost[lang], value: (r) => r.costMs, width: 10 },
    { header: H.time[lang], value: (r) => time(r.createdAt), width: 22 },
  ];
}

export function loginColumns(lang: Language): XlsxColumn<LoginLog>[] {
  return [
    { header: H.id[lang], value: (r) => r.id, width: 10 },
    { header: H.username[lang], value: (r) => r.username },
    { header: H.customer[lang], value: (r) => r.customerName },
    { header: H.event[lang], value: (r) => r.event, width: 12 },
    { header: H.status[lang], value: (r) => r.status, width: 10 },
    { header: H.code[lang], value: (r) => r.code, width: 10 },
    { header: H.message[lang], value: (r) => r.message, width: 30 },
    { header: H.ip[lang], value: (r) => r.ip },
    { header: H.browser[lang], value: (r) => r.browser },
    { header: H.os[lang], value: (r) => r.os },
    { header: H.time[lang], value: (r) => time(r.createdAt), width: 22 },
  ];
}
