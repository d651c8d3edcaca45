import {
  AGENT_CHAT_MESSAGE_MAX,
  ANSWER_TEST_HISTORY_MAX,
  type AnswerTestResult,
  fieldLabel,
  KNOWLEDGE_FILE_PERMISSIONS,
  KNOWLEDGE_QA_PERMISSIONS,
} from '@agent-console/contracts';
import { insertQa } from '@agent-console/server/test/fixtures/answers';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { createScopedUser, type ScopedUser } from '@agent-console/server/test/fixtures/users';
import { useTestApp } from '@agent-console/server/test/test-app';
import { count } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentAnswers, agentConversations, metricsUnanswered, operationLogs, usageAlerts } from '../../../db/schema';

/** Issue 32, "Test a question": what the agent would do, with nothing answered, stored or metered. */
const t = useTestApp();
let tester: ScopedUser;
let stranger: ScopedUser;
let nobody: ScopedUser;
let qaId: number;
let ownApp: number;
let foreignApp: number;
const URL = '/api/v3/knowledge/answer-test';
const QUESTION = 'What are your opening hours?';

beforeAll(async () => {
  tester = await createScopedUser(t, [KNOWLEDGE_FILE_PERMISSIONS.list]);
  stranger = await createScopedUser(t, [KNOWLEDGE_FILE_PERMISSIONS.list]);
  nobody = await createScopedUser(t, [KNOWLEDGE_QA_PERMISSIONS.list]);
  qaId = await insertQa(t, {
    customerId: tester.customerId,
    question: QUESTION,
    answer: 'We are open 9 to 6, Monday to Friday.',
  });
  await insertQa(t, { customerId: tester.customerId, question: 'Do you ship abroad?', answer: 'Yes, worldwide.' });
  await insertQa(t, { customerId: stranger.customerId, question: QUESTION, answer: 'The stranger is never closed.' });
  ownApp = (await insertApp(t, { customerId: tester.customerId })).id;
  foreignApp = (await insertApp(t, { customerId: stranger.customerId })).id;
});

const ask = (token: string, body: unknown) => t.call<AnswerTestResult>('POST', URL, { token, body });

/** Rows of every table an answer would write: conversations, answers (usage is counted from them), alerts, unanswered. */
async function writtenRows(): Promise<Record<string, number>> {
  await t.app.auditSettled();
  const tables: Record<string, AnyPgTable> = {
    agentConversations,
    agentAnswers,
    usageAlerts,
    metricsUnanswered,
    operationLogs,
  };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await t.database.db.select({ n: count() }).from(table);
    out[name] = row?.n ?? 0;
  }
  return out;
}

describe('test a question', () => {
  it('takes the matching QA as the answer, ranks it first, and writes nothing', async () => {
    const before = await writtenRows();
    const res = await ask(tester.token, { customerId: tester.customerId, question: QUESTION });
    expect(res.body.code, res.body.message).toBe('00000');
    const result = res.body.data;
    expect(result.decision.reason).toBe('answer');
    expect(result.answer.step).toBe('qa');
    expect(result.answer.content).toContain('We are open 9 to 6, Monday to Friday.');
    expect(result.candidates[0]).toMatchObject({ kind: 'qa', id: qaId, title: QUESTION });
    expect(result.words.length).toBeGreaterThan(0);
    // Another customer's identical QA is not among the candidates.
    expect(JSON.stringify(result)).not.toContain('never closed');
    expect(await writtenRows()).toEqual(before);
  });

  it('runs with one of the customer’s apps, and with earlier turns', async () => {
    const res = await ask(tester.token, {
      customerId: tester.customerId,
      appId: ownApp,
      question: QUESTION,
      history: ['Hello', 'Do you ship abroad?'],
    });
    expect(res.body.code, res.body.message).toBe('00000');
    expect(res.body.data.candidates[0]).toMatchObject({ kind: 'qa', id: qaId });
  });

  it('refuses callers without the documents’ view permission', async () => {
    const res = await ask(nobody.token, { customerId: nobody.customerId, question: QUESTION });
    expect([res.status, res.body.code]).toEqual([403, 'A0312']);
    const anon = await t.call('POST', URL, { body: { customerId: tester.customerId, question: QUESTION } });
    expect(anon.body.code).toBe('A0301');
  });

  it('never reads another customer’s knowledge or app', async () => {
    const before = await writtenRows();
    const otherCustomer = await ask(tester.token, { customerId: stranger.customerId, question: QUESTION });
    expect([otherCustomer.status, otherCustomer.body.code]).toEqual([404, 'A0404']);
    expect(otherCustomer.body.message).toContain(fieldLabel('customerId', 'en'));
    expect(JSON.stringify(otherCustomer.body)).not.toContain('never closed');
    for (const appId of [foreignApp, 2_000_000_000]) {
      const res = await ask(tester.token, { customerId: tester.customerId, appId, question: QUESTION });
      expect([res.status, res.body.code]).toEqual([404, 'A0404']);
      expect(res.body.message).toContain(fieldLabel('appId', 'en'));
    }
    // The app's own customer does not help either: that customer is not the caller's.
    const viaOwner = await ask(tester.token, {
      customerId: stranger.customerId,
      appId: foreignApp,
      question: QUESTION,
    });
    expect(viaOwner.body.code).toBe('A0404');
    expect(await writtenRows()).toEqual(before);
  });

  it.each([
    ['an empty question', { question: '   ' }, 'A0410', 'question'],
    ['a missing question', { question: undefined }, 'A0410', 'question'],
    ['a question that is too long', { question: 'x'.repeat(AGENT_CHAT_MESSAGE_MAX + 1) }, 'A0420', 'question'],
    [
      'too many earlier turns',
      { history: Array.from({ length: ANSWER_TEST_HISTORY_MAX + 1 }, (_, i) => `Question ${i}?`) },
      'A0420',
      'history',
    ],
    ['an empty earlier turn', { history: [''] }, 'A0410', 'history'],
    ['a non-numeric customer', { customerId: 'abc' }, 'A0400', 'customerId'],
    ['a non-numeric app', { appId: 'x' }, 'A0400', 'appId'],
  ])('names the field of bad input: %s', async (_case, change, code, field) => {
    const res = await ask(tester.token, { customerId: tester.customerId, question: QUESTION, ...change });
    expect(res.body.code, JSON.stringify(res.body)).toBe(code);
    expect(res.body.message).toContain(fieldLabel(field, 'en'));
  });
});
