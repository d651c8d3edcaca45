import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appItems, appNamespaces } from '../../db/schema';

/** The namespace whose well-known items change how an app answers (WAVE2 §15.3). */
export const AGENT_NAMESPACE = 'agent';

/** How an app answers; read again for every answer, so a change needs no restart. */
export interface AgentConfig {
  /** A QA whose question is at least this similar (0–1) is the answer. */
  qaMatchThreshold: number;
  /** How many knowledge fragments an answer draws on (1–20). */
  topK: number;
  /** Said when nothing relevant is found; empty means the built-in sentence of the app's language. */
  fallbackReply: string;
  /** Knowledge folders the app answers from; empty means all of its customer's documents. */
  knowledgeFolders: number[];
  llmModel: string | null;
  llmTemperature: number | null;
  maxHistoryMessages: number;
}

export const AGENT_CONFIG_DEFAULTS: AgentConfig = {
  qaMatchThreshold: 0.6,
  topK: 5,
  fallbackReply: '',
  knowledgeFolders: [],
  llmModel: null,
  llmTemperature: null,
  maxHistoryMessages: 10,
};

type Parsed = { ok: true; value: Partial<AgentConfig> } | { ok: false; reason: string };

const number = (raw: string, min: number, max: number, integer: boolean): number | null => {
  const text = raw.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  const n = Number(text);
  if (n < min || n > max || (integer && !Number.isInteger(n))) return null;
  return n;
};

/**
 * The well-known keys and how each value is read. A value that does not fit is reported when it is
 * saved (the config centre refuses it, naming the rule) and, should one reach the table anyway,
 * ignored in favour of the default when the app answers.
 */
export const AGENT_KEYS: Record<string, { rule: string; parse: (raw: string) => Parsed }> = {
  qaMatchThreshold: {
    rule: 'a number from 0 to 1',
    parse: (raw) => {
      const n = number(raw, 0, 1, false);
      return n === null ? { ok: false, reason: 'a number from 0 to 1' } : { ok: true, value: { qaMatchThreshold: n } };
    },
  },
  topK: {
    rule: 'a whole number from 1 to 20',
    parse: (raw) => {
      const n = number(raw, 1, 20, true);
      return n === null ? { ok: false, reason: 'a whole number from 1 to 20' } : { ok: true, value: { topK: n } };
    },
  },
  fallbackReply: {
    rule: 'any text',
    parse: (raw) => ({ ok: true, value: { fallbackReply: raw.trim() } }),
  },
  knowledgeFolders: {
    rule: 'folder ids separated by commas',
    parse: (raw) => {
      const parts = raw
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      if (!parts.every((part) => /^[1-9]\d{0,9}$/.test(part))) {
        return { ok: false, reason: 'folder ids separated by commas' };
      }
      return { ok: true, value: { knowledgeFolders: parts.map(Number) } };
    },
  },
  'llm.model': {
    rule: 'a model name',
    parse: (raw) => ({ ok: true, value: { llmModel: raw.trim() || null } }),
  },
  'llm.temperature': {
    rule: 'a number from 0 to 2',
    parse: (raw) => {
      const n = number(raw, 0, 2, false);
      return n === null ? { ok: false, reason: 'a number from 0 to 2' } : { ok: true, value: { llmTemperature: n } };
    },
  },
  maxHistoryMessages: {
    rule: 'a whole number from 0 to 50',
    parse: (raw) => {
      const n = number(raw, 0, 50, true);
      return n === null
        ? { ok: false, reason: 'a whole number from 0 to 50' }
        : { ok: true, value: { maxHistoryMessages: n } };
    },
  },
};

/** Builds the configuration from `key → value` pairs; unknown keys are kept in the table and ignored here. */
export function agentConfigFrom(pairs: Iterable<readonly [string, string]>): AgentConfig {
  const config: AgentConfig = { ...AGENT_CONFIG_DEFAULTS };
  for (const [key, value] of pairs) {
    const known = AGENT_KEYS[key];
    if (!known) continue;
    const parsed = known.parse(value);
    if (parsed.ok) Object.assign(config, parsed.value);
  }
  return config;
}

/** The app's configuration as of now: the items of its `agent` namespace over the defaults. */
export async function readAgentConfig(db: Db, appId: number): Promise<AgentConfig> {
  const rows = await db
    .select({ key: appItems.key, value: appItems.value })
    .from(appItems)
    .innerJoin(appNamespaces, eq(appItems.namespaceId, appNamespaces.id))
    .where(and(eq(appNamespaces.appId, appId), eq(appNamespaces.name, AGENT_NAMESPACE)));
  return agentConfigFrom(rows.map((row) => [row.key, row.value] as const));
}
