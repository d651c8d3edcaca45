import { type Language, type LocalizedText, SUPER_ADMIN_ROLE_KEY } from '@agent-console/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { customers, roles } from './schema';

/**
 * Names the seed gives rows that every installation has: the root customer and the built-in
 * roles. The seed stores the English name; answers show it in the caller's language as long as
 * nobody has renamed the row. A name someone typed is shown as typed, in every language.
 * This is the one place that knows these names: the seed writes `seeded`, every read of a
 * customer or role name for an answer goes through `customerName`/`roleName` (SQL, for joins)
 * or `shownCustomerName`/`shownRoleName` (a loaded row), and saves go through `*NameToStore`.
 */
interface BuiltinName {
  seeded: string;
  titles: LocalizedText;
}

export const STAFF_ROLE_KEY = 'staff';

export const ROOT_CUSTOMER_NAME: BuiltinName = {
  seeded: 'Headquarters',
  titles: { en: 'Headquarters', 'zh-chs': '总部', 'zh-cht': '總部', ja: '本社' },
};

export const BUILTIN_ROLE_NAMES: Record<string, BuiltinName> = {
  [SUPER_ADMIN_ROLE_KEY]: {
    seeded: 'Super administrator',
    titles: { en: 'Super administrator', 'zh-chs': '超级管理员', 'zh-cht': '超級管理員', ja: 'スーパー管理者' },
  },
  [STAFF_ROLE_KEY]: {
    seeded: 'Staff',
    titles: { en: 'Staff', 'zh-chs': '员工', 'zh-cht': '員工', ja: 'スタッフ' },
  },
};

/** The name of `customers` as shown in `lang`; usable in selects, filters and ordering, also after a left join. */
export function customerName(lang: Language): SQL<string> {
  const { seeded, titles } = ROOT_CUSTOMER_NAME;
  return sql<string>`(case when ${customers.parentId} is null and ${customers.name} = ${seeded}
    then ${titles[lang]}::text else ${customers.name} end)`;
}

/** The name of `roles` as shown in `lang`. */
export function roleName(lang: Language): SQL<string> {
  const cases = Object.entries(BUILTIN_ROLE_NAMES).map(
    ([key, { seeded, titles }]) =>
      sql`when ${roles.builtin} and ${roles.key} = ${key} and ${roles.name} = ${seeded} then ${titles[lang]}::text`,
  );
  return sql<string>`(case ${sql.join(cases, sql` `)} else ${roles.name} end)`;
}

export function shownCustomerName(row: { parentId: number | null; name: string }, lang: Language): string {
  const { seeded, titles } = ROOT_CUSTOMER_NAME;
  return row.parentId === null && row.name === seeded ? titles[lang] : row.name;
}

export function shownRoleName(row: { builtin: boolean; key: string; name: string }, lang: Language): string {
  const builtin = row.builtin ? BUILTIN_ROLE_NAMES[row.key] : undefined;
  return builtin && row.name === builtin.seeded ? builtin.titles[lang] : row.name;
}

/**
 * Saving a built-in row with its shown name in any language (an edit form filled from the list)
 * keeps the seeded name, so it stays translated; any other name is stored as typed.
 */
function toStore(builtin: BuiltinName | undefined, current: string, submitted: string): string {
  if (!builtin || current !== builtin.seeded) return submitted;
  return Object.values(builtin.titles).includes(submitted) ? builtin.seeded : submitted;
}

export function customerNameToStore(row: { parentId: number | null; name: string }, submitted: string): string {
  return toStore(row.parentId === null ? ROOT_CUSTOMER_NAME : undefined, row.name, submitted);
}

export function roleNameToStore(row: { builtin: boolean; key: string; name: string }, submitted: string): string {
  return toStore(row.builtin ? BUILTIN_ROLE_NAMES[row.key] : undefined, row.name, submitted);
}

/** The built-in role a name means in some language ("员工" → staff), for the uniqueness check. */
export function builtinRoleKeyCalled(name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.entries(BUILTIN_ROLE_NAMES).find(([, b]) =>
    Object.values(b.titles).some((t) => t.toLowerCase() === wanted),
  )?.[0];
}
