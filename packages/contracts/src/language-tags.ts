/**
 * The product's languages and how a browser's language tags map onto them, without zod: the
 * website widget's bundle imports this module alone (`@agent-console/contracts/language-tags`).
 */

/** The four languages of the product; zh-chs is the default and en the fallback (SPEC §1). */
export const LANGUAGES = ['en', 'zh-chs', 'zh-cht', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-chs';
export const FALLBACK_LANGUAGE: Language = 'en';
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Picks our language from an Accept-Language header or a cookie value.
 * Browsers send zh-CN / zh-TW / zh-Hant; we map them onto our two Chinese variants.
 */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const candidates = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((c) => c.tag)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of candidates) {
    const lang = languageOfTag(tag);
    if (lang) return lang;
  }
  return FALLBACK_LANGUAGE;
}

/**
 * Our language for one BCP 47 tag (`zh-TW`, `zh-Hant-HK`, `ja-JP`, `en_GB`), or undefined when
 * we do not speak it. Chinese by script first, then by region.
 */
export function languageOfTag(raw: string): Language | undefined {
  const tag = raw.trim().toLowerCase().replace(/_/g, '-');
  if (tag === 'zh-chs' || tag === 'zh-cn' || tag === 'zh-sg' || tag === 'zh-hans' || tag === 'zh') return 'zh-chs';
  if (tag === 'zh-cht' || tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant'))
    return 'zh-cht';
  if (tag.startsWith('zh-hans')) return 'zh-chs';
  if (tag === 'en' || tag.startsWith('en-')) return 'en';
  if (tag === 'ja' || tag.startsWith('ja-')) return 'ja';
  return undefined;
}
