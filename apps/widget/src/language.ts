import { isLanguage, languageOfTag } from '@agent-console/contracts/language-tags';
import type { WidgetLanguage } from '@agent-console/contracts/widget-protocol';

/**
 * The widget's language: the page's `data-lang` when it is one of the four, else the visitor's
 * first browser language the widget speaks (the console's own mapping of tags), else English.
 */
export function pickLanguage(
  attribute: string | null | undefined,
  browserLanguages: readonly string[],
): WidgetLanguage {
  const wanted = attribute?.trim().toLowerCase();
  if (isLanguage(wanted)) return wanted;
  for (const tag of browserLanguages) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return 'en';
}
