import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AGENT_KEY_NAMES } from '@agent-console/contracts';
import { describe, expect, it } from 'vitest';
import { AGENT_CONFIG_DEFAULTS, AGENT_KEYS } from './agent-config';

/**
 * The config screen lists every well-known key of the `agent` namespace with its effect and rule
 * (AgentHint.tsx reads `agentKeys.<key>` and `agentRules.<key>`): a key added to the contracts
 * without its words would show the raw translation key to staff.
 */
const LOCALES = ['en', 'zh-chs', 'zh-cht', 'ja'] as const;
const localeFile = (lng: string) =>
  path.resolve(import.meta.dirname, '../../../../../web/src/platform/i18n/locales', lng, 'appConfig.json');

const at = (tree: unknown, dotted: string): unknown =>
  dotted.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('agent keys on the config screen', () => {
  it.each(LOCALES)('has the effect and the rule of every agent key in %s', (lng) => {
    const texts = JSON.parse(readFileSync(localeFile(lng), 'utf8')) as unknown;
    for (const key of AGENT_KEY_NAMES) {
      expect(typeof at(texts, `agentKeys.${key}`), `agentKeys.${key}`).toBe('string');
      expect(typeof at(texts, `agentRules.${key}`), `agentRules.${key}`).toBe('string');
    }
  });

  it('states the defaults the agent uses', () => {
    const en = JSON.parse(readFileSync(localeFile('en'), 'utf8')) as unknown;
    for (const key of [
      'qaMatchThreshold',
      'minScore',
      'minCoverage',
      'minMargin',
      'topK',
      'contextTokens',
      'llmMinCoverage',
      'vectorMinSimilarity',
    ] as const) {
      expect(at(en, `agentKeys.${key}`), key).toContain(`(default ${AGENT_CONFIG_DEFAULTS[key]})`);
      expect(AGENT_KEYS[key].parse(String(AGENT_CONFIG_DEFAULTS[key]))).toMatchObject({ ok: true });
    }
  });
});
