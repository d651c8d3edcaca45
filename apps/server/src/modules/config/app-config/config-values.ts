import { AGENT_NAMESPACE, type ConfigFormat, type FieldError, type FieldReason } from '@agent-console/contracts';
import { parseDocument } from 'yaml';
import type { Executor } from '../../../db/client';
import { customerFolderIdsAmong } from '../../knowledge/documents/document.repo';
import { agentKey, folderIds } from './agent-config';

/** Why a value was refused, and where in it when a parser says. */
export interface ValueFault {
  reason: FieldReason;
  at?: FieldError['at'];
}

/** Line and column (both from 1) of a character offset. */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 };
}

function jsonFault(value: string): ValueFault | null {
  try {
    JSON.parse(value);
    return null;
  } catch (error) {
    // V8 says "… in JSON at position 13", or "Unexpected end of JSON input" for a value cut short.
    const message = error instanceof Error ? error.message : '';
    const at = /at position (\d+)/.exec(message)?.[1];
    if (at !== undefined) return { reason: 'notJson', at: position(value, Number(at)) };
    if (/end of JSON input/.test(message) && value.trim())
      return { reason: 'notJson', at: position(value, value.length) };
    return { reason: 'notJson' };
  }
}

function yamlFault(value: string): ValueFault | null {
  const doc = parseDocument(value, { uniqueKeys: true });
  const [first] = doc.errors;
  if (first) {
    const at = first.linePos?.[0];
    return at ? { reason: 'notYaml', at: { line: at.line, column: at.col } } : { reason: 'notYaml' };
  }
  try {
    // Resolving is where an alias to nothing, or an alias bomb past the cap, shows.
    doc.toJS({ maxAliasCount: 100 });
    return null;
  } catch {
    return { reason: 'notYaml' };
  }
}

/**
 * Whether a value fits its namespace's format: json and yaml must parse, properties is one line
 * (a properties file holds one `key=value` per line), text is anything.
 */
export function formatFault(format: ConfigFormat, value: string): ValueFault | null {
  switch (format) {
    case 'json':
      return jsonFault(value);
    case 'yaml':
      return yamlFault(value);
    case 'properties':
      return /[\r\n]/.test(value) ? { reason: 'notSingleLine' } : null;
    case 'text':
      return null;
  }
}

/** The rule of a well-known key of the `agent` namespace, when the item is one. */
export function agentFault(namespaceName: string, key: string, value: string): ValueFault | null {
  if (namespaceName !== AGENT_NAMESPACE) return null;
  const known = agentKey(key);
  if (!known) return null;
  const parsed = known.parse(value);
  return parsed.ok ? null : { reason: parsed.reason };
}

/** Everything a value must meet in its namespace, first fault first: the format, then the agent rule. */
export function valueFault(
  namespace: { name: string; format: ConfigFormat },
  key: string,
  value: string,
): ValueFault | null {
  return formatFault(namespace.format, value) ?? agentFault(namespace.name, key, value);
}

/**
 * `valueFault`, plus what needs the database: the folders of `knowledgeFolders` must be knowledge
 * folders of the app's own customer, so no configuration can point an agent at another
 * customer's documents.
 */
export async function storedValueFault(
  exec: Executor,
  namespace: { name: string; format: ConfigFormat; customerId: number },
  key: string,
  value: string,
): Promise<ValueFault | null> {
  const fault = valueFault(namespace, key, value);
  if (fault || namespace.name !== AGENT_NAMESPACE || key !== 'knowledgeFolders') return fault;
  const ids = folderIds(value) ?? [];
  if (!ids.length) return null;
  const found = await customerFolderIdsAmong(exec, namespace.customerId, ids);
  return found.length === ids.length ? null : { reason: 'unknownFolder' };
}
