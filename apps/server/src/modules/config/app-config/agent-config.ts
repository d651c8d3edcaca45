import { AGENT_KEY_RULES, AGENT_NAMESPACE, type AgentKey, type FieldReason, ID_MAX } from '@agent-console/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { appItems, appNamespaces } from '../../../db/schema';
import { type ShownValue, shownPairs } from './item-values';

/** The namespace whose well-known items change how an app answers (WAVE2 §15.3). */
export { AGENT_NAMESPACE };

/** How an app answers; read again for every answer, so a change needs no restart. */
export interface AgentConfig {
  /**
   * A QA whose question is at least this similar (0–1, trigram) to the question asked is taken
   * as the same question and answers even when another candidate is close behind.
   */
  qaMatchThreshold: number;
  /** The best candidate's normalised BM25 score (0–1) must reach this for the agent to answer. */
  minScore: number;
  /** The share (0–1) of the question's idf-weighted words the best candidate must hold. */
  minCoverage: number;
  /** How far (0–1, relative) the best candidate must lead the best one that says something else. */
  minMargin: number;
  /** How many candidates (QA and passages) the LLM is given at most (1–20). */
  topK: number;
  /** The LLM's knowledge budget in tokens: candidates go whole, best first, while they fit. */
  contextTokens: number;
  /**
   * With an LLM, the coverage (0–1) a candidate needs to be given to it: lower than `minCoverage`,
   * because the model reads the candidates and says when they do not answer.
   */
  llmMinCoverage: number;
  /**
   * With an embedding model, the cosine similarity (0–1) a candidate found by meaning needs: to be
   * given to the LLM, and, for a QA clearly closer than any other, to answer without shared words.
   */
  vectorMinSimilarity: number;
  /** Said when nothing relevant is found; empty means the built-in sentence of the app's language. */
  fallbackReply: string;
  /** Knowledge folders the app answers from; empty means all of its customer's documents. */
  knowledgeFolders: number[];
  llmModel: string | null;
  llmTemperature: number | null;
  maxHistoryMessages: number;
}

/** The decision's thresholds were chosen on the evaluation set of `npm run bench` (docs/agent.md). */
export const AGENT_CONFIG_DEFAULTS: AgentConfig = {
  qaMatchThreshold: 0.9,
  minScore: 0.1,
  minCoverage: 0.45,
  minMargin: 0.33,
  topK: 5,
  contextTokens: 3000,
  llmMinCoverage: 0.3,
  vectorMinSimilarity: 0.8,
  fallbackReply: '',
  knowledgeFolders: [],
  llmModel: null,
  llmTemperature: null,
  maxHistoryMessages: 10,
};

type Parsed = { ok: true; value: Partial<AgentConfig> } | { ok: false; reason: FieldReason };

const number = (raw: string, min: number, max: number, integer: boolean): number | null => {
  const text = raw.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  const n = Number(text);
  if (n < min || n > max || (integer && !Number.isInteger(n))) return null;
  return n;
};

/** A numeric key: its range, and the field-error reason that words the rule in every language. */
function numeric(
  reason: FieldReason,
  min: number,
  max: number,
  integer: boolean,
  set: (n: number) => Partial<AgentConfig>,
): { rule: FieldReason; parse: (raw: string) => Parsed } {
  return {
    rule: reason,
    parse: (raw) => {
      const n = number(raw, min, max, integer);
      return n === null ? { ok: false, reason } : { ok: true, value: set(n) };
    },
  };
}

/** The folder ids of a `knowledgeFolders` value, without repeats; null when it is not a list of ids. */
export function folderIds(raw: string): number[] | null {
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (!parts.every((part) => /^[1-9]\d{0,9}$/.test(part) && Number(part) <= ID_MAX)) return null;
  return [...new Set(parts.map(Number))];
}

/**
 * The well-known keys and how each value is read; `rule` is the reason a refusal names (null: any
 * text), the same as `AGENT_KEY_RULES` in the contracts, which the screen lists. A value that does
 * not fit is refused when it is saved (the config centre names the rule) and, should one reach the
 * table anyway, ignored in favour of the default when the app answers.
 */
export const AGENT_KEYS: Record<AgentKey, { rule: FieldReason | null; parse: (raw: string) => Parsed }> = {
  qaMatchThreshold: numeric(AGENT_KEY_RULES.qaMatchThreshold, 0, 1, false, (n) => ({ qaMatchThreshold: n })),
  minScore: numeric(AGENT_KEY_RULES.minScore, 0, 1, false, (n) => ({ minScore: n })),
  minCoverage: numeric(AGENT_KEY_RULES.minCoverage, 0, 1, false, (n) => ({ minCoverage: n })),
  minMargin: numeric(AGENT_KEY_RULES.minMargin, 0, 1, false, (n) => ({ minMargin: n })),
  topK: numeric(AGENT_KEY_RULES.topK, 1, 20, true, (n) => ({ topK: n })),
  contextTokens: numeric(AGENT_KEY_RULES.contextTokens, 200, 32_000, true, (n) => ({ contextTokens: n })),
  llmMinCoverage: numeric(AGENT_KEY_RULES.llmMinCoverage, 0, 1, false, (n) => ({ llmMinCoverage: n })),
  vectorMinSimilarity: numeric(AGENT_KEY_RULES.vectorMinSimilarity, 0, 1, false, (n) => ({ vectorMinSimilarity: n })),
  fallbackReply: {
    rule: AGENT_KEY_RULES.fallbackReply,
    parse: (raw) => ({ ok: true, value: { fallbackReply: raw.trim() } }),
  },
  knowledgeFolders: {
    rule: AGENT_KEY_RULES.knowledgeFolders,
    parse: (raw) => {
      const ids = folderIds(raw);
      return ids
        ? { ok: true, value: { knowledgeFolders: ids } }
        : { ok: false, reason: AGENT_KEY_RULES.knowledgeFolders };
    },
  },
  'llm.model': {
    rule: AGENT_KEY_RULES['llm.model'],
    parse: (raw) => ({ ok: true, value: { llmModel: raw.trim() || null } }),
  },
  'llm.temperature': numeric(AGENT_KEY_RULES['llm.temperature'], 0, 2, false, (n) => ({ llmTemperature: n })),
  maxHistoryMessages: numeric(AGENT_KEY_RULES.maxHistoryMessages, 0, 50, true, (n) => ({ maxHistoryMessages: n })),
};

/** The rule of a well-known key, or undefined for any other key (kept and ignored). */
export function agentKey(key: string): (typeof AGENT_KEYS)[AgentKey] | undefined {
  return Object.hasOwn(AGENT_KEYS, key) ? AGENT_KEYS[key as AgentKey] : undefined;
}

/**
 * Builds the configuration from `key → value` pairs; unknown keys are kept in the table and
 * ignored here. It takes only values that may be shown (`shownPairs`): whatever the agent reads
 * it may say, put in a prompt or log, so a secret item counts as absent and its key's default
 * applies.
 */
export function agentConfigFrom(pairs: Iterable<readonly [string, ShownValue]>): AgentConfig {
  const config: AgentConfig = { ...AGENT_CONFIG_DEFAULTS };
  for (const [key, value] of pairs) {
    const known = agentKey(key);
    if (!known) continue;
    const parsed = known.parse(value);
    if (parsed.ok) Object.assign(config, parsed.value);
  }
  return config;
}

/** The app's configuration as of now: the items of its `agent` namespace over the defaults. */
export async function readAgentConfig(db: Db, appId: number): Promise<AgentConfig> {
  const rows = await db
    .select({ key: appItems.key, value: appItems.value, secret: appItems.secret })
    .from(appItems)
    .innerJoin(appNamespaces, eq(appItems.namespaceId, appNamespaces.id))
    .where(and(eq(appNamespaces.appId, appId), eq(appNamespaces.name, AGENT_NAMESPACE)));
  return agentConfigFrom(shownPairs(rows));
}
