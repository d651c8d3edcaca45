import type { ConversationState, ConversationView } from '@agent-console/contracts';
import { jobDone, logRow, readySimAccount, sentTo } from '@agent-console/server/test/fixtures/agent-runtime';
import { insertQa } from '@agent-console/server/test/fixtures/answers';
import { insertApp } from '@agent-console/server/test/fixtures/apps';
import { waitUntil } from '@agent-console/server/test/fixtures/chat';
import { useChatTestApp } from '@agent-console/server/test/fixtures/chat-test-app';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentAnswers } from '../../../db/schema';
import { jobIdOf } from '../../../jobs/agent-queues';
import { QUEUES } from '../../../jobs/queues';

/**
 * The hand-over rule with the real auto-reply runtime and the simulator (issue 16, acceptance 4 in
 * the API): while a person has taken a contact over — or has just replied by hand — the agent
 * does not answer the contact; once released it answers the next message. "Not answered" is read
 * after the message's agent job has finished: no answer row for it and nothing more sent.
 */
const { t, f } = useChatTestApp({ contactCount: 4 });

const C = '/api/v3/address/conversation';
const HOURS = 'We are open 9:00–18:00, Monday to Saturday.';

/** An account answered by an app that knows the opening hours, and one of its friends. */
async function answeredAccount() {
  const customerId = await f.customer();
  const { account, friends } = await readySimAccount(t, f, customerId);
  const app = await insertApp(t, { customerId });
  await f.ok('POST', '/api/v3/account/setApp', { accountId: account.id, appId: app.id });
  await insertQa(t, { customerId, question: 'What are your opening hours?', answer: HOURS });
  const friend = friends[0];
  if (!friend) throw new Error('the simulated account has no friend');
  return { account, friend };
}

/** The contact writes; answers the log row once the agent's job for it has finished. */
async function writes(account: { id: number; wcId: string }, friend: { wcId: string }, text: string) {
  const written = await t.gateway.sim.customerWrites(account.wcId, friend.wcId, text);
  expect(written.delivered).toBe(true);
  const row = await logRow(t, account.id, written.msgId);
  await jobDone(t, jobIdOf(QUEUES.agentReply.name, row.id));
  return row;
}

const answersTo = (messageId: number) =>
  t.database.db.select().from(agentAnswers).where(eq(agentAnswers.triggerMessageId, messageId));

describe('the agent and a person', () => {
  it('stays quiet while taken over and answers again once released', async () => {
    const { account, friend } = await answeredAccount();
    const first = await writes(account, friend, 'What are your opening hours?');
    expect(await answersTo(first.id)).toHaveLength(1);
    await waitUntil(
      () => sentTo(t, account, friend.wcId),
      (s) => s.includes(HOURS),
    );

    const taken = await f.ok<ConversationState>('POST', `${C}/takeover`, { contactId: friend.id, minutes: 60 });
    expect(taken.paused).toBe(true);
    const quiet = await writes(account, friend, 'Are you open on Sunday? What are your opening hours then?');
    expect(await answersTo(quiet.id)).toEqual([]);
    expect(await sentTo(t, account, friend.wcId)).toEqual([HOURS]);
    // The view shows the unanswered message as the last one.
    const view = await f.ok<ConversationView>('GET', `${C}/${friend.id}`);
    expect(view.messages.at(-1)).toMatchObject({ id: quiet.id, direction: 'in' });

    await f.ok('POST', `${C}/release`, { contactId: friend.id });
    const again = await writes(account, friend, 'And what are your opening hours on Monday?');
    expect(await answersTo(again.id)).toHaveLength(1);
    await waitUntil(
      () => sentTo(t, account, friend.wcId),
      (s) => s.length === 2,
    );
    const after = await f.ok<ConversationView>('GET', `${C}/${friend.id}`);
    expect(after.messages.filter((m) => m.source === 'agent').map((m) => m.agent?.step)).toEqual(['qa', 'qa']);
  });

  it('a reply by hand pauses the agent: the contact’s answer to the person is not answered by it', async () => {
    const { account, friend } = await answeredAccount();
    await f.ok('POST', `${C}/reply`, { contactId: friend.id, content: 'Hello, Anna here. How can I help?' });
    await waitUntil(
      () => sentTo(t, account, friend.wcId),
      (s) => s.length === 1,
    );
    const answer = await writes(account, friend, 'What are your opening hours?');
    expect(await answersTo(answer.id)).toEqual([]);
    expect(await sentTo(t, account, friend.wcId)).toEqual(['Hello, Anna here. How can I help?']);
    // The person's message is part of the transcript the agent would read, marked as theirs.
    const view = await f.ok<ConversationView>('GET', `${C}/${friend.id}`);
    expect(view.messages.map((m) => m.source)).toEqual(['person', 'gateway']);
  });
});
