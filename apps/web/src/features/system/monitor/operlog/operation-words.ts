import type { TFunction } from 'i18next';

/**
 * An operation-log row's module in words: the server records a module id ("chat/conversation"),
 * and for a route serving several commands the command too ("ai-role: saveMainPrompt"). A module
 * without words (one added since) shows its id rather than nothing; a test keeps that from
 * happening for every route the server has.
 */
export function moduleWords(title: string, t: TFunction): string {
  const at = title.indexOf(': ');
  const module = at < 0 ? title : title.slice(0, at);
  const command = at < 0 ? null : title.slice(at + 2);
  const name = t(`monitor:module.${module}`, { defaultValue: module });
  return command ? `${name} · ${t(`monitor:command.${command}`, { defaultValue: command })}` : name;
}

/**
 * The module filter's choices: every module with words, by its words in the reader's language.
 * The value is the module id the server records, so a choice finds the module's rows (and those
 * of its commands, "ai-role: saveMainPrompt"); a person never has to know the ids.
 */
export function moduleOptions(t: TFunction): { value: string; label: string }[] {
  const words = t('monitor:module', { returnObjects: true }) as unknown as Record<string, string>;
  return Object.entries(words)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
