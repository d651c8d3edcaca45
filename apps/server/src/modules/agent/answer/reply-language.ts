import type { AnswerSource, Language } from '@agent-console/contracts';

/**
 * Apps have no language of their own: a customer writes in whatever language they use, so the
 * built-in sentences follow the question. Kana means Japanese; Han characters mean Chinese, in
 * the traditional form when the question uses more traditional-only than simplified-only
 * characters of the common pairs below.
 */
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN = /\p{Script=Han}/u;
const TRADITIONAL_ONLY =
  '們這個為說對時會學國來還麼與後開關門問題體點種應當發電話號碼價錢買賣讓給嗎貨運費務線際營業員單實';
const SIMPLIFIED_ONLY =
  '们这个为说对时会学国来还么与后开关门问题体点种应当发电话号码价钱买卖让给吗货运费务线际营业员单实';

export function replyLanguage(text: string): Language {
  if (KANA.test(text)) return 'ja';
  if (!HAN.test(text)) return 'en';
  let traditional = 0;
  let simplified = 0;
  for (const char of text) {
    if (TRADITIONAL_ONLY.includes(char)) traditional++;
    else if (SIMPLIFIED_ONLY.includes(char)) simplified++;
  }
  return traditional > simplified ? 'zh-cht' : 'zh-chs';
}

/** Said when nothing relevant is found and the app has no `fallbackReply` of its own. */
export const BUILT_IN_FALLBACK: Record<Language, string> = {
  en: 'I could not find an answer to that in our knowledge base. A colleague will get back to you.',
  'zh-chs': '抱歉，我在知识库中没有找到相关的答案，稍后会有工作人员联系您。',
  'zh-cht': '抱歉，我在知識庫中沒有找到相關的答案，稍後會有工作人員聯繫您。',
  ja: '申し訳ありません。ナレッジベースに該当する回答が見つかりませんでした。担当者から折り返しご連絡します。',
};

/** The line that cites the documents a reply was drawn from. */
export function sourcesLine(names: readonly string[], lang: Language): string {
  const list = names.join(lang === 'en' ? '; ' : '；');
  switch (lang) {
    case 'en':
      return `Sources: ${list}`;
    case 'zh-chs':
      return `来源：${list}`;
    case 'zh-cht':
      return `來源：${list}`;
    case 'ja':
      return `出典：${list}`;
  }
}

/**
 * The text of a reply for a channel that cannot show sources as data (a messaging app): the
 * answer, then once the line naming the documents it drew on. QA answers are the business's own
 * words and cite nothing.
 */
export function textWithSources(
  answer: { content: string; sources: readonly AnswerSource[] },
  question: string,
): string {
  const names = [...new Set(answer.sources.flatMap((s) => (s.kind === 'document' ? [s.name] : [])))];
  if (!names.length) return answer.content;
  return `${answer.content}\n\n${sourcesLine(names, replyLanguage(question))}`;
}
