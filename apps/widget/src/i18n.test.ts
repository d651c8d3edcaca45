import { WIDGET_ERROR_CODES, WIDGET_LANGUAGES } from '@agent-console/contracts/widget-protocol';
import { describe, expect, it } from 'vitest';
import { format, WIDGET_TEXTS } from './i18n';
import { pickLanguage } from './language';
import { errorText } from './messages';
import { WidgetError } from './transport';

function flatten(value: object, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, inner] of Object.entries(value)) {
    if (inner && typeof inner === 'object')
      for (const entry of flatten(inner, `${prefix}${key}.`)) entries.set(...entry);
    else entries.set(prefix + key, inner);
  }
  return entries;
}

describe('widget texts', () => {
  const english = flatten(WIDGET_TEXTS.en);

  it.each(WIDGET_LANGUAGES)('%s has every text of English, none empty, none extra', (language) => {
    const texts = flatten(WIDGET_TEXTS[language]);
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of texts) {
      expect(typeof text, key).toBe('string');
      expect((text as string).trim(), key).not.toBe('');
    }
  });

  it.each(WIDGET_LANGUAGES)('%s keeps the placeholders of English', (language) => {
    const texts = flatten(WIDGET_TEXTS[language]);
    for (const [key, text] of english) {
      const placeholders = (value: unknown) =>
        String(value)
          .match(/\{\w+\}/g)
          ?.sort() ?? [];
      expect(placeholders(texts.get(key)), `${language} ${key}`).toEqual(placeholders(text));
    }
  });

  it('has a text for every refusal, the network and the server', () => {
    for (const code of [...WIDGET_ERROR_CODES, 'network', 'server_error'] as const) {
      expect(WIDGET_TEXTS.en.errors[code]).toBeTruthy();
    }
  });

  it('words errors in the visitor language, with the seconds to wait', () => {
    expect(errorText(new WidgetError('rate_limited', 'slow down', 17), WIDGET_TEXTS.en)).toBe(
      'You are sending messages too quickly. Try again in 17 s.',
    );
    expect(errorText(new WidgetError('rate_limited'), WIDGET_TEXTS['zh-chs'])).toContain('60');
    expect(errorText(new WidgetError('origin_not_allowed'), WIDGET_TEXTS.ja)).toBe(
      WIDGET_TEXTS.ja.errors.origin_not_allowed,
    );
    expect(errorText(new Error('boom'), WIDGET_TEXTS.en)).toBe(WIDGET_TEXTS.en.errors.server_error);
    expect(errorText({ code: 'toString' }, WIDGET_TEXTS.en)).toBe(WIDGET_TEXTS.en.errors.server_error);
  });

  it('fills placeholders', () => {
    expect(format('{count} / {max} {x}', { count: 3, max: 2000 })).toBe('3 / 2000 {x}');
  });
});

describe('pickLanguage', () => {
  it('takes a valid data-lang first', () => {
    expect(pickLanguage('ja', ['zh-TW'])).toBe('ja');
    expect(pickLanguage(' ZH-CHT ', ['en'])).toBe('zh-cht');
    expect(pickLanguage('fr', ['ja-JP'])).toBe('ja');
  });

  it('reads the browser languages', () => {
    expect(pickLanguage(null, ['zh-TW'])).toBe('zh-cht');
    expect(pickLanguage(undefined, ['zh-HK', 'en'])).toBe('zh-cht');
    expect(pickLanguage(undefined, ['zh-Hant-CN'])).toBe('zh-cht');
    expect(pickLanguage(undefined, ['zh-Hans-HK'])).toBe('zh-chs');
    expect(pickLanguage(undefined, ['zh-CN'])).toBe('zh-chs');
    expect(pickLanguage(undefined, ['zh'])).toBe('zh-chs');
    expect(pickLanguage(undefined, ['ja'])).toBe('ja');
    expect(pickLanguage(undefined, ['de-DE', 'ja-JP'])).toBe('ja');
    expect(pickLanguage(undefined, ['en-GB', 'ja-JP'])).toBe('en');
    expect(pickLanguage(undefined, ['fr'])).toBe('en');
    expect(pickLanguage(undefined, [])).toBe('en');
  });
});
