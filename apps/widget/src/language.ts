import { WIDGET_LANGUAGES, type WidgetLanguage } from '@agent-console/contracts/widget-protocol';

/**
 * The widget's language: the page's `data-lang` when it is one of the four, else the visitor's
 * first browser language the widget speaks (Chinese by script or region), else English.
 */
export function pickLanguage(
  attribute: string | null | undefined,
  browserLanguages: readonly string[],
): WidgetLanguage {
  const wanted = attribute?.trim().toLowerCase();
  const exact = WIDGET_LANGUAGES.find((language) => language === wanted);
  if (exact) return exact;
  for (const tag of browserLanguages) {
    const language = fromBrowserTag(tag);
    if (language) return language;
  }
  return 'en';
}

function fromBrowserTag(tag: string): WidgetLanguage | undefined {
  const parts = tag.toLowerCase().replace(/_/g, '-').split('-');
  if (parts[0] === 'ja') return 'ja';
  if (parts[0] === 'en') return 'en';
  if (parts[0] !== 'zh') return undefined;
  if (parts.includes('hans')) return 'zh-chs';
  if (parts.includes('hant') || parts.includes('tw') || parts.includes('hk') || parts.includes('mo')) return 'zh-cht';
  return 'zh-chs';
}
