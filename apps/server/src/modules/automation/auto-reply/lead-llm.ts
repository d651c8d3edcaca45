import { codePointLength, type LeadItem } from '@agent-console/contracts';
import type { ChatLlm, LlmChatMessage } from '../../../integrations/llm';
import { type FoundLead, LEAD_VALUE_MAX } from './lead-patterns';

/**
 * Lead capture with the LLM (WAVE2 §6): the model reads one message of the contact and answers a
 * JSON object, item name → the value the message states, or null. Its answer is checked before
 * anything is stored: it must be a JSON object; only the app's items count; a value must be a
 * non-empty text (a number is taken as text) of at most 200 characters; and it must come from the
 * message — every run of three or more digits in it appears in the message (separators aside),
 * and a value without such digits appears in the message word for word (case and spaces aside).
 * So a model cannot invent a phone number or a name the contact never gave.
 */
export function leadPrompt(items: readonly LeadItem[], message: string): LlmChatMessage[] {
  const described = items.map((i) => ({
    item: i.item,
    description: i.description,
    ...(i.example.trim() ? { example: i.example } : {}),
  }));
  return [
    {
      role: 'system',
      content:
        'You extract lead information from one message a customer wrote. ' +
        `The items to find are: ${JSON.stringify(described)}. ` +
        'Answer with one JSON object and nothing else. Its keys are exactly the item names; each value is the ' +
        'value as the message states it (a string), or null when the message does not state it. Never guess.',
    },
    { role: 'user', content: message },
  ];
}

/** The checked values of the model's answer; null when the answer is not a JSON object at all. */
export function parseLeadAnswer(answer: string, items: readonly LeadItem[], message: string): FoundLead[] | null {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.slice(start, end + 1));
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const values = parsed as Record<string, unknown>;
  const found: FoundLead[] = [];
  for (const { item } of items) {
    const raw = values[item];
    const value = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
    if (!value || value.toLowerCase() === 'null' || codePointLength(value) > LEAD_VALUE_MAX) continue;
    if (groundedIn(value, message)) found.push({ item, value });
  }
  return found;
}

/** Whether a value comes from the message (see above). */
export function groundedIn(value: string, message: string): boolean {
  const runs = value.match(/\d{3,}/g);
  if (runs) {
    const digits = message.replace(/\D/g, '');
    return runs.every((run) => digits.includes(run));
  }
  const squash = (text: string) => text.toLowerCase().replace(/\s+/g, '');
  return squash(message).includes(squash(value));
}

/** Asks the model; throws when it fails or answers something that is not a JSON object. */
export async function extractByLlm(
  llm: ChatLlm,
  items: readonly LeadItem[],
  message: string,
  model: string | null,
): Promise<FoundLead[]> {
  const result = await llm.chat({ messages: leadPrompt(items, message), model, temperature: 0 });
  const found = parseLeadAnswer(result.content, items, message);
  if (!found) throw new Error('the LLM did not answer a JSON object');
  return found;
}
