import type { AdminUser, Language } from '@agent-console/contracts';
import { type ExportText, exportText as tx, type XlsxColumn } from '../../../lib/xlsx-export';

/** At most this many users per file; narrow the filters for more. */
export const USER_EXPORT_LIMIT = 10_000;

const H = {
  id: tx('ID', '编号', '編號', 'ID'),
  username: tx('Username', '用户名', '使用者名稱', 'ユーザー名'),
  nickName: tx('Nickname', '昵称', '暱稱', 'ニックネーム'),
  customer: tx('Customer', '所属客户', '所屬客戶', '所属顧客'),
  phone: tx('Phone', '手机号', '手機號碼', '電話番号'),
  email: tx('Email', '邮箱', '電子郵件', 'メール'),
  gender: tx('Gender', '性别', '性別', '性別'),
  roles: tx('Roles', '角色', '角色', 'ロール'),
  posts: tx('Posts', '岗位', '崗位', '役職'),
  status: tx('Status', '状态', '狀態', '状態'),
  createdAt: tx('Created', '创建时间', '建立時間', '作成日時'),
};
const GENDERS: Record<AdminUser['gender'], ExportText> = {
  male: tx('Male', '男', '男', '男性'),
  female: tx('Female', '女', '女', '女性'),
  unknown: tx('Unknown', '未知', '未知', '不明'),
};
const STATUS = { on: tx('Enabled', '启用', '啟用', '有効'), off: tx('Disabled', '停用', '停用', '無効') };
export const USER_EXPORT_NAME = tx('Users', '用户', '使用者', 'ユーザー');

export function userColumns(lang: Language): XlsxColumn<AdminUser>[] {
  return [
    { header: H.id[lang], value: (u) => u.id, width: 8 },
    { header: H.username[lang], value: (u) => u.username },
    { header: H.nickName[lang], value: (u) => u.nickName },
    { header: H.customer[lang], value: (u) => u.customerName, width: 24 },
    { header: H.phone[lang], value: (u) => u.phone },
    { header: H.email[lang], value: (u) => u.email, width: 28 },
    { header: H.gender[lang], value: (u) => GENDERS[u.gender][lang], width: 10 },
    { header: H.roles[lang], value: (u) => u.roles.map((r) => r.name).join(', '), width: 28 },
    { header: H.posts[lang], value: (u) => u.posts.map((p) => p.name).join(', '), width: 24 },
    { header: H.status[lang], value: (u) => (u.enabled ? STATUS.on : STATUS.off)[lang], width: 10 },
    { header: H.createdAt[lang], value: (u) => new Date(u.createdAt), width: 20 },
  ];
}
