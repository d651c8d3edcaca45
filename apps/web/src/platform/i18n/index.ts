import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
  pickLanguage,
} from '@agent-console/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { cookies } from '../lib/cookies';

type Bundle = Record<string, Record<string, unknown>>;

/**
 * Each language is its own chunk (`bundles/<lng>.ts`, every namespace of that language), loaded on
 * demand: the sign-in page carries one language instead of four.
 */
const BUNDLES: Record<Language, () => Promise<{ default: Bundle }>> = {
  en: () => import('./bundles/en'),
  'zh-chs': () => import('./bundles/zh-chs'),
  'zh-cht': () => import('./bundles/zh-cht'),
  ja: () => import('./bundles/ja'),
};

/** The namespaces every language has; the before-stop check keeps the four folders in step. */
const NAMESPACES = Object.keys(import.meta.glob('./locales/en/*.json')).map(
  (file) => /([^/]+)\.json$/.exec(file)?.[1] ?? '',
);

async function loadLanguage(lang: Language): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'common')) return;
  const { default: files } = await BUNDLES[lang]();
  for (const [file, resource] of Object.entries(files)) {
    const ns = /([^/]+)\.json$/.exec(file)?.[1];
    if (ns) i18n.addResourceBundle(lang, ns, resource, true, true);
  }
}

export const LANGUAGE_COOKIE = 'lang';

/** The language cookie decides; without one the default is zh-chs (SPEC §1). */
export function initialLanguage(): Language {
  const saved = cookies.get(LANGUAGE_COOKIE);
  if (isLanguage(saved)) return saved;
  return saved ? pickLanguage(saved) : DEFAULT_LANGUAGE;
}

/** BCP 47 tag for `<html lang>`: screen readers and fonts pick the right variant from it. */
export const HTML_LANG: Record<Language, string> = { en: 'en', 'zh-chs': 'zh-CN', 'zh-cht': 'zh-TW', ja: 'ja' };

const firstLanguage = initialLanguage();

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: firstLanguage,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  lowerCaseLng: true,
  load: 'currentOnly',
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

document.documentElement.lang = HTML_LANG[firstLanguage];

/** Resolves once the first language's texts are in; the app renders after it (main.tsx). */
export const i18nReady: Promise<void> = loadLanguage(firstLanguage).then(async () => {
  // English is the fallback for a key a translation lacks; load it behind the first paint.
  if (firstLanguage !== FALLBACK_LANGUAGE) void loadLanguage(FALLBACK_LANGUAGE);
  await i18n.changeLanguage(firstLanguage);
});

export async function changeLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  cookies.set(LANGUAGE_COOKIE, lang);
  document.documentElement.lang = HTML_LANG[lang];
  await i18n.changeLanguage(lang);
}

export default i18n;
