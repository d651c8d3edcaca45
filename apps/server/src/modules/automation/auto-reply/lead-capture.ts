import type { LeadItem } from '@agent-console/contracts';
import { readAgentConfig } from '../../config/app-config/agent-config';
import type { RuntimeContact } from '../../messaging/contact/contact-row';
import { saveLead } from '../../messaging/conversation/lead.repo';
import { extractByLlm } from './lead-llm';
import { extractByPattern, type FoundLead } from './lead-patterns';
import type { RuntimeDeps } from './runtime-deps';

export type LeadMethod = 'pattern' | 'llm';

export interface CapturedLeads {
  method: LeadMethod;
  found: FoundLead[];
}

/**
 * Finds the app's lead items in one message of a contact and stores them on the contact
 * (`contact_leads`, one row per item: the latest value, the message it came from, how it was
 * found). With an LLM configured the model extracts them; when it fails or answers something
 * unusable, the patterns do (docs/agent-runtime.md). A value from an older message never
 * replaces one from a newer message, so a job run late or twice changes nothing.
 */
export async function captureLeads(
  deps: Pick<RuntimeDeps, 'db' | 'llm' | 'logger'>,
  input: {
    customerId: number;
    appId: number;
    contact: RuntimeContact;
    messageId: number;
    text: string;
    items: readonly LeadItem[];
  },
): Promise<CapturedLeads> {
  const items = input.items.filter((i) => i.item.trim());
  if (!items.length || !input.text.trim()) return { method: 'pattern', found: [] };
  let captured: CapturedLeads | null = null;
  if (deps.llm) {
    try {
      const config = await readAgentConfig(deps.db, input.appId);
      captured = { method: 'llm', found: await extractByLlm(deps.llm, items, input.text, config.llmModel) };
    } catch (err) {
      deps.logger?.warn(
        { messageId: input.messageId, reason: (err as Error).message },
        'lead extraction by the LLM failed; patterns used',
      );
    }
  }
  captured ??= { method: 'pattern', found: extractByPattern(items, input.text) };
  for (const lead of captured.found) {
    await saveLead(deps.db, {
      customerId: input.customerId,
      contactId: input.contact.id,
      item: lead.item,
      value: lead.value,
      messageId: input.messageId,
      method: captured.method,
    });
  }
  return captured;
}
