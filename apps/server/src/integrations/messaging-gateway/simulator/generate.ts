import { type Prng, prng } from '../../../lib/prng';

/**
 * Realistic-looking people for the simulated phones: Chinese and English names as people really
 * set them (with a role, a company, an emoji now and then), groups, and labels. Everything comes
 * from a seed, so an account's address list is the same each time it is generated.
 */
type Gender = 'male' | 'female' | 'other';

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '林',
  '高',
  '罗',
  '郑',
  '梁',
  '谢',
  '宋',
  '唐',
  '许',
  '韩',
  '冯',
  '邓',
  '曹',
] as const;
const GIVEN: readonly (readonly [string, Gender])[] = [
  ['伟', 'male'],
  ['芳', 'female'],
  ['娜', 'female'],
  ['秀英', 'female'],
  ['敏', 'female'],
  ['静', 'female'],
  ['强', 'male'],
  ['磊', 'male'],
  ['军', 'male'],
  ['洋', 'male'],
  ['勇', 'male'],
  ['艳', 'female'],
  ['杰', 'male'],
  ['娟', 'female'],
  ['涛', 'male'],
  ['明', 'male'],
  ['超', 'male'],
  ['霞', 'female'],
  ['浩然', 'male'],
  ['子涵', 'female'],
  ['欣怡', 'female'],
  ['梓轩', 'male'],
  ['雨萱', 'female'],
  ['宇航', 'male'],
  ['思远', 'male'],
  ['佳怡', 'female'],
  ['俊杰', 'male'],
  ['婷', 'female'],
  ['晨', 'other'],
];
const FIRST: readonly (readonly [string, Gender])[] = [
  ['Emma', 'female'],
  ['Liam', 'male'],
  ['Olivia', 'female'],
  ['Noah', 'male'],
  ['Ava', 'female'],
  ['Ethan', 'male'],
  ['Sophia', 'female'],
  ['Lucas', 'male'],
  ['Mia', 'female'],
  ['Leo', 'male'],
  ['Grace', 'female'],
  ['Ryan', 'male'],
  ['Lily', 'female'],
  ['Jack', 'male'],
  ['Amy', 'female'],
  ['Kevin', 'male'],
  ['Cindy', 'female'],
  ['Tony', 'male'],
  ['Vivian', 'female'],
  ['Eric', 'male'],
  ['Helen', 'female'],
  ['Alex', 'other'],
  ['Sam', 'other'],
];
const LAST = ['Wang', 'Li', 'Chen', 'Smith', 'Brown', 'Lee', 'Zhang', 'Liu', 'Taylor', 'Wong', 'Chan', 'Lin'];
const TRADES = ['装修', '外贸', '保险', '房产', 'Design', 'Logistics', '财务', 'HR', '教育', 'Trading'];
const EMOJI = ['🌸', '🌙', '☀️', '🍀', '🐱', '✨'];
const SIGNATURES = [
  'Stay hungry, stay foolish.',
  '专注服务每一位客户',
  '今天也要加油鸭',
  '做好自己',
  'Coffee first ☕',
  null,
];
const GROUPS = [
  '客户交流群',
  '产品体验官 3群',
  'Weekend Hiking 周末徒步',
  'VIP 客户群',
  'Shanghai Expat Parents',
  '家族群',
  '同学会 2012',
  '新品试用群',
  'Project Phoenix',
  '团购福利群',
];
export const LABEL_NAMES = ['客户', '潜在客户', 'VIP', '同事', 'Supplier', 'Friends'];

export interface GeneratedProfile {
  account: string;
  nickname: string;
  avatar: string;
  signature: string | null;
  gender: Gender;
}

export interface GeneratedContact {
  contactWcId: string;
  account: string | null;
  nickname: string;
  avatar: string;
  type: 'friend' | 'group';
  gender: Gender;
  labelIds: string[];
}

export interface GeneratedLabel {
  labelId: string;
  name: string;
}

/** Letters and digits for ids and account names. */
function token(r: Prng, length: number): string {
  const chars = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  for (let i = 0; i < length; i++) out += chars[r.int(0, chars.length - 1)];
  return out;
}

/**
 * An avatar the simulator draws itself (its `/avatar/` route): a coloured disc with the name's
 * first character. The path is relative, made absolute with the simulator's address when answered,
 * because that address may differ from one start to the next.
 */
export function avatarPath(r: Prng, name: string): string {
  const first = [...name.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '?';
  return `avatar/${r.int(0, 359)}/${first.codePointAt(0) ?? 63}.svg`;
}

function personName(r: Prng): { name: string; gender: Gender } {
  const style = r.int(0, 9);
  if (style < 5) {
    const [given, gender] = r.pick(GIVEN);
    const surname = r.pick(SURNAMES);
    if (style === 0) return { name: `${surname}${gender === 'female' ? '姐' : '总'}`, gender };
    if (style === 1) return { name: `${surname}${given} | ${r.pick(TRADES)}`, gender };
    return { name: `${surname}${given}`, gender };
  }
  const [first, gender] = r.pick(FIRST);
  if (style === 5) return { name: `${first}${r.pick(EMOJI)}`, gender };
  if (style === 6) return { name: `${first} ${r.pick(SURNAMES)}${r.pick(GIVEN)[0]}`, gender };
  return { name: `${first} ${r.pick(LAST)}`, gender };
}

export function generateProfile(seed: number): GeneratedProfile {
  const r = prng(seed);
  const { name, gender } = personName(r);
  return {
    account: `${r.pick(['sales', 'shop', 'service', 'vip', 'studio'])}_${token(r, 6)}`,
    nickname: name,
    avatar: avatarPath(r, name),
    signature: r.pick(SIGNATURES),
    gender,
  };
}

export function generateLabels(seed: number): GeneratedLabel[] {
  const r = prng(seed ^ 0x5bd1e995);
  const count = r.int(4, LABEL_NAMES.length);
  return LABEL_NAMES.slice(0, count).map((name, i) => ({ labelId: String(i + 1), name }));
}

/** How many friends and groups an account has when the options do not say. */
export function contactCountOf(seed: number): number {
  return prng(seed ^ 0x1b873593).int(40, 150);
}

/** The account's address list: friends first, then about one group in twelve. */
export function generateContacts(seed: number, count: number, labels: GeneratedLabel[]): GeneratedContact[] {
  const r = prng(seed ^ 0x27d4eb2f);
  const groups = Math.min(GROUPS.length, Math.max(count > 1 ? 1 : 0, Math.round(count / 12)));
  const contacts: GeneratedContact[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < count - groups; i++) {
    const { name, gender } = personName(r);
    let wcId = `wxid_${token(r, 14)}`;
    while (seen.has(wcId)) wcId = `wxid_${token(r, 14)}`;
    seen.add(wcId);
    const labelIds = labels.filter(() => r.chance(0.18)).map((l) => l.labelId);
    contacts.push({
      contactWcId: wcId,
      account: r.chance(0.7) ? `${token(r, r.int(6, 10))}` : null,
      nickname: name,
      avatar: avatarPath(r, name),
      type: 'friend',
      gender,
      labelIds: labelIds.slice(0, 2),
    });
  }
  for (let i = 0; i < groups; i++) {
    const name = GROUPS[(i + r.int(0, GROUPS.length - 1)) % GROUPS.length] as string;
    contacts.push({
      contactWcId: `${r.int(10_000_000, 99_999_999)}${r.int(100, 999)}@chatroom`,
      account: null,
      nickname: contacts.some((c) => c.nickname === name) ? `${name} ${i + 1}` : name,
      avatar: avatarPath(r, name),
      type: 'group',
      gender: 'other',
      labelIds: [],
    });
  }
  return contacts;
}

/** A person who is not a contact yet (a friend request, a contact added by a test). */
export function generateStranger(seed: number): { wcId: string; nickname: string; gender: Gender; avatar: string } {
  const r = prng(seed);
  const { name, gender } = personName(r);
  return { wcId: `wxid_${token(r, 14)}`, nickname: name, gender, avatar: avatarPath(r, name) };
}
