/**
 * The post module the generator derives from, where its parts live, and what of it is about users.
 * Everything the generator knows about posts in particular is here: when the post module changes
 * shape, this is the file to update.
 */

/** The model module; a single lower-case word. */
export const SOURCE = 'post';
/** The words the post module's zh-chs, zh-cht and ja texts use for "post". */
export const SOURCE_CJK = ['岗位', '崗位', '役職'];
/** Source roots searched for the model module's files (any file with `post` in its path). */
export const SOURCE_ROOTS = ['packages/contracts/src', 'apps/server/src', 'apps/web/src'];
export const MIGRATIONS_DIR = 'apps/server/src/db/migrations';
export const CONTRACTS_DIR = 'packages/contracts/src';
export const WEB_ROUTER_DIR = 'apps/web/src/app/shell';
export const WEB_I18N_DIR = 'apps/web/src/platform/i18n';
export const LOCALES_DIR = 'apps/web/src/platform/i18n/locales';

/**
 * What ties posts to users and has no meaning for a new module. A statement (or list element)
 * mentioning one of these is dropped, then whatever it declared, until nothing refers to them.
 */
export const USER_LINK = {
  /** Whole statements mentioning these go: the user dialog's `postIds`, the "post in use" refusal. */
  statements: [/\bpostIds\b/, /'inUse'/],
  /**
   * List/object elements mentioning these go: `USER_PERMISSIONS.list` beside the post codes, and
   * the holders' table among the tables the manifest owns.
   */
  elements: [/\bUSER_PERMISSIONS\.\w+/, /'user_posts'/],
};
/** Left after the cut, any of these means the post module changed shape: refuse rather than guess. */
export const RESIDUE = [/'user_posts'/, /\bpostIds\b/, /'inUse'/, /\bUSER_PERMISSIONS\b/, /\/system\/user\//];
/** Wording that only fits posts (kept only if it no longer matches: these are cosmetic). */
export const PROSE_FIXES = [
  [/ and refuses to delete a held post/g, ''],
  [/ no user holds/g, ''],
  [/ \(job positions\)/g, ''],
];
