import type { LeadItem } from '@agent-console/contracts';
import { describe, expect, it } from 'vitest';
import type { ChatLlm } from '../../../integrations/llm';
import { extractByLlm, groundedIn, leadPrompt, parseLeadAnswer } from './lead-llm';

const items: LeadItem[] = [
  { item: 'Phone', description: 'mobile number', example: '13800138000' },
  { item: 'Name', description: 'how they are called', example: '' },
];
const message = 'Hi, I am Li Na, my number is 139 1234 5678';

describe('the LLM’s answer, checked', () => {
  it('takes the items’ values from a JSON object, also inside a code fence', () => {
    const answer = '```json\n{"Phone": "13912345678", "Name": "Li Na", "Other": "x"}\n```';
    expect(parseLeadAnswer(answer, items, message)).toEqual([
      { item: 'Phone', value: '13912345678' },
      { item: 'Name', value: 'Li Na' },
    ]);
  });

  it('leaves out nulls, empty and overlong values, and values the message does not hold', () => {
    expect(parseLeadAnswer('{"Phone": null, "Name": "  "}', items, message)).toEqual([]);
    expect(parseLeadAnswer(`{"Name": "${'a'.repeat(201)}"}`, items, 'a'.repeat(300))).toEqual([]);
    // An invented number and an invented name are refused.
    expect(parseLeadAnswer('{"Phone": "13800000000", "Name": "Wang Wei"}', items, message)).toEqual([]);
    // A number answered as a JSON number, reformatted with a country code, is still the message's.
    expect(parseLeadAnswer('{"Phone": "+86 139-1234-5678"}', items, message)).toEqual([
      { item: 'Phone', value: '+86 139-1234-5678' },
    ]);
    expect(parseLeadAnswer('{"Phone": 13912345678}', items, message)).toEqual([
      { item: 'Phone', value: '13912345678' },
    ]);
  });

  it('answers null for what is not a JSON object', () => {
    for (const answer of ['', 'no idea', '["Phone"]', '{not json}', 'null']) {
      expect(parseLeadAnswer(answer, items, message)).toBeNull();
    }
  });

  it('grounds values by their digits, or word for word', () => {
    expect(groundedIn('139-1234-5678', 'call 13912345678')).toBe(true);
    expect(groundedIn('LI NA', 'i am li na')).toBe(true);
    expect(groundedIn('Beijing', '我在北京')).toBe(false);
  });
});

describe('asking the model', () => {
  it('sends the items and the message, and reads the answer', async () => {
    let asked: Parameters<ChatLlm['chat']>[0] | undefined;
    const llm: ChatLlm = {
      model: 'test',
      async chat(request) {
        asked = request;
        return { content: '{"Phone": "13912345678", "Name": null}', promptTokens: 1, completionTokens: 1 };
      },
    };
    expect(await extractByLlm(llm, items, message, 'small-model')).toEqual([{ item: 'Phone', value: '13912345678' }]);
    expect(asked?.model).toBe('small-model');
    expect(asked?.temperature).toBe(0);
    expect(asked?.messages).toEqual(leadPrompt(items, message));
    expect(asked?.messages[0]?.content).toContain('"item":"Phone"');
    expect(asked?.messages[1]).toEqual({ role: 'user', content: message });
  });

  it('throws when the model answers no JSON object, so the patterns take over', async () => {
    const llm: ChatLlm = {
      model: 'test',
      chat: async () => ({ content: 'Sure! The phone is 139…', promptTokens: null, completionTokens: null }),
    };
    await expect(extractByLlm(llm, items, message, null)).rejects.toThrow(/JSON/);
  });
});
