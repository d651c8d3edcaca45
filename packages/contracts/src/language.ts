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
