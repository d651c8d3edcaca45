import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { matchingSections, toGuideDocument } from '../../../ui/guide/guide-document';
import { parseTextQuery } from '../../../ui/markdown/highlight';
import { parseMarkdown } from '../../../ui/markdown/parse-markdown';

const here = path.dirname(fileURLToPath(import.meta.url));
const LANGS = ['en', 'zh-chs', 'zh-cht', 'ja'] as const;
type Lang = (typeof LANGS)[number];
const read = (guide: string, lang: Lang) => readFileSync(path.join(here, guide, 'content', `${lang}.md`), 'utf8');

/** The titles of the menu entries that open the guides (the seed's menu tree). */
const TITLES: Record<string, Record<Lang, string>> = {
  user: { en: 'User guide', 'zh-chs': '用户指南', 'zh-cht': '使用者指南', ja: 'ユーザーガイド' },
  doc: { en: 'Instruction doc', 'zh-chs': '说明文档', 'zh-cht': '說明文件', ja: '説明ドキュメント' },
};

/** The spec's numbers each user guide must quote (WAVE2 §10.2), and the section that quotes them. */
const SPEC_QUOTES: Record<Lang, [string, string][]> = {
  en: [
    ['may take 30 seconds or longer', 'chat-accounts'],
    ['usually disconnects once within 48 hours after first login', 'chat-accounts'],
    ['10MB, PDF/Word', 'knowledge-files'],
    ['at most 3 files, 3MB each', 'contacts'],
    ['Welcome messages at most 10', 'ai-config'],
    ['Lead cleaning at most 6', 'ai-config'],
    ['at most 200 characters', 'ai-config'],
  ],
  'zh-chs': [
    ['可能需要 30 秒或更长时间', 'chat-accounts'],
    ['新账号首次登录后 48 小时内通常会掉线一次', 'chat-accounts'],
    ['10MB，PDF/Word', 'knowledge-files'],
    ['最多 3 个文件，每个 3MB', 'contacts'],
    ['欢迎语 最多 10 条', 'ai-config'],
    ['线索清洗 最多 6 条', 'ai-config'],
    ['最多 200 个字符', 'ai-config'],
  ],
  'zh-cht': [
    ['可能需要 30 秒或更長時間', 'chat-accounts'],
    ['新帳號首次登入後 48 小時內通常會斷線一次', 'chat-accounts'],
    ['10MB，PDF/Word', 'knowledge-files'],
    ['最多 3 個檔案，每個 3MB', 'contacts'],
    ['歡迎語 最多 10 則', 'ai-config'],
    ['線索清洗 最多 6 則', 'ai-config'],
    ['最多 200 個字元', 'ai-config'],
  ],
  ja: [
    ['30 秒以上かかることがある', 'chat-accounts'],
    ['新しいアカウントは、初回ログイン後 48 時間以内に通常 1 回切断されます', 'chat-accounts'],
    ['10MB、PDF/Word', 'knowledge-files'],
    ['最大 3 ファイル、各 3MB', 'contacts'],
    ['ウェルカムメッセージ 最大 10 件', 'ai-config'],
    ['リードクレンジング 最大 6 件', 'ai-config'],
    ['最大 200 文字', 'ai-config'],
  ],
};

/** Characters written differently in Simplified and Traditional Chinese: a mix-up shows at once. */
const SIMPLIFIED_ONLY = /[们这说为么时对会发应问个后来过还进没关开经现样点让实种话认录账号码户设删]/u;
const TRADITIONAL_ONLY = /[們這說為麼時對會發應問個後來過還進沒關開經現樣點讓實種話認錄帳號碼戶設刪]/u;

describe.each(['user', 'doc'])('the %s guide', (guide) => {
  const docs = Object.fromEntries(LANGS.map((lang) => [lang, toGuideDocument(read(guide, lang))]));
  const en = docs.en;

  it('has the same sections, in the same order, in all four languages, each with a stable id', () => {
    expect(en?.sections.length).toBeGreaterThan(5);
    const headings = parseMarkdown(read(guide, 'en')).filter((b) => b.type === 'heading' && b.level === 2);
    expect(headings.every((h) => h.type === 'heading' && h.id)).toBe(true);
    for (const lang of LANGS) {
      expect(docs[lang]?.title, lang).toBe(TITLES[guide]?.[lang]);
      expect(
        docs[lang]?.sections.map((s) => s.id),
        lang,
      ).toEqual(en?.sections.map((s) => s.id));
      expect(docs[lang]?.intro.length, lang).toBeGreaterThan(0);
    }
  });

  it('is real Simplified Chinese in zh-chs and real Traditional Chinese in zh-cht', () => {
    expect(read(guide, 'zh-chs')).not.toMatch(TRADITIONAL_ONLY);
    expect(read(guide, 'zh-cht')).not.toMatch(SIMPLIFIED_ONLY);
  });
});

describe('the user guide quotes the spec', () => {
  it.each(LANGS)('in %s', (lang) => {
    const doc = toGuideDocument(read('user', lang));
    for (const [quote, section] of SPEC_QUOTES[lang]) {
      const found = matchingSections(doc, parseTextQuery(quote)).map((s) => s.id);
      expect(found, quote).toContain(section);
    }
  });
});
