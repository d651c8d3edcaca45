/**
 * Tokens counted without a tokenizer (issue 36), for the `usage` of an answer no model wrote (a
 * QA, a quote, the fallback) or whose model reported no counts. Clients only add the figures up
 * (and one tried to download a tokenizer when they were missing), so an estimate on the scale of
 * OpenAI's counts serves: about four characters a token in Latin scripts, and a token a character
 * in Chinese, Japanese and Korean, whose words tokenizers cut character by character or finer.
 */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Characters of Latin-script text per token, OpenAI's rule of thumb for English. */
const CHARS_PER_TOKEN = 4;
/** What each message of a chat costs beside its text (its role and separators), as OpenAI counts it. */
const TOKENS_PER_MESSAGE = 4;
/** What priming the reply costs, once per request. */
const TOKENS_PER_REPLY = 3;

export function estimateTokens(text: string): number {
  let cjk = 0;
  let other = 0;
  for (const char of text) {
    if (CJK.test(char)) cjk++;
    else other++;
  }
  return cjk + Math.ceil(other / CHARS_PER_TOKEN);
}

/** The estimated prompt of a chat: each message's text and overhead, and the reply's priming. */
export function estimatePromptTokens(messages: readonly { content: string }[]): number {
  return messages.reduce((sum, m) => sum + TOKENS_PER_MESSAGE + estimateTokens(m.content), TOKENS_PER_REPLY);
}
