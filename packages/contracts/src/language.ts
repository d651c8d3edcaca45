import { z } from 'zod';
import { LANGUAGES } from './language-tags';
import { text } from './primitives';

export * from './language-tags';

export const languageSchema = z.enum(LANGUAGES);

/** A text in every language; menus and dictionaries carry these. */
export const localizedTextSchema = z.object({
  en: text().max(100),
  'zh-chs': text().max(100),
  'zh-cht': text().max(100),
  ja: text().max(100),
});
export type LocalizedText = z.infer<typeof localizedTextSchema>;

const titleText = text().trim().max(100);
/** Titles a person types for a menu or a button: English is required, another language may be blank. */
export const localizedTitlesInputSchema = z.object({
  en: titleText.min(1),
  'zh-chs': titleText,
  'zh-cht': titleText,
  ja: titleText,
});
