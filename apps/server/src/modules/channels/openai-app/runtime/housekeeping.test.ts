import { describe, expect, it } from 'vitest';
import { housekeepingKind } from './housekeeping';

/**
 * Issue 36: chat front-ends' own requests are told from customers' questions by the instructions
 * the front-ends write (their default templates, as shipped), never by a customer's words.
 */
const HISTORY = `<chat_history>
USER: What are your opening hours?
ASSISTANT: We are open from 9 to 18 on weekdays.
</chat_history>`;

const user = (content: string) => [{ role: 'user' as const, content }];

describe('a front-end’s housekeeping request', () => {
  it('is told by Open WebUI’s task templates: title, tags, follow-ups, search queries', () => {
    expect(
      housekeepingKind(
        user(
          `### Task:\nGenerate a concise, 3-5 word title with an emoji summarizing the chat history.\n### Guidelines:\n- Write the title in the chat's primary language.\n### Output:\nJSON format: { "title": "your concise title here" }\n### Chat History:\n${HISTORY}`,
        ),
      ),
    ).toBe('title');
    expect(
      housekeepingKind(
        user(
          `### Task:\nGenerate 1-3 broad tags categorizing the main themes of the chat history, along with 1-3 more specific subtopic tags.\n### Output:\nJSON format: { "tags": ["tag1", "tag2", "tag3"] }\n### Chat History:\n${HISTORY}`,
        ),
      ),
    ).toBe('tags');
    expect(
      housekeepingKind(
        user(
          `### Task:\nSuggest 3-5 relevant follow-up questions or prompts that the user might naturally ask next in this conversation as a **user**.\n### Output:\nJSON format: { "follow_ups": ["Question 1?", "Question 2?"] }\n### Chat History:\n${HISTORY}`,
        ),
      ),
    ).toBe('followUps');
    expect(
      housekeepingKind(
        user(
          `### Task:\nAnalyze the chat history to determine the necessity of generating search queries, in the given language.\n### Output:\nStrictly return in JSON format: { "queries": ["query1", "query2"] }\n### Chat History:\n${HISTORY}`,
        ),
      ),
    ).toBe('queries');
  });

  it('is told by other front-ends’ title prompts, in a system or a user message', () => {
    expect(
      housekeepingKind([
        ...user('What are your opening hours?'),
        { role: 'assistant', content: 'From 9 to 18.' },
        {
          role: 'user',
          content:
            'Please generate a concise, 5-word-or-less title for the conversation, using its same language, with no punctuation.',
        },
      ]),
    ).toBe('title');
    expect(
      housekeepingKind([
        { role: 'system', content: 'Summarize the conversation above as a short title of at most 10 words.' },
        ...user('What are your opening hours?'),
      ]),
    ).toBe('title');
  });

  it('is never a customer’s question, even one with the same words', () => {
    for (const question of [
      'What are your opening hours?',
      'What is the title of the document about returns?',
      'Can you generate an invoice for the order we discussed in this chat?',
      'Suggest a plan for my team',
      'Which tags do you support on the product page?',
      'Is there a search query syntax for your catalogue?',
      '### Task: I need help with my order 1234',
      '请帮我生成一个标题',
    ]) {
      expect(housekeepingKind(user(question)), question).toBeNull();
    }
  });
});
