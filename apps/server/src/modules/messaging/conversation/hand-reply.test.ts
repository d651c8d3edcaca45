import {
  CHAT_ADDRESS_PERMISSIONS,
  CHAT_MESSAGE_PERMISSIONS,
  type ConversationView,
  fieldLabel,
  HAND_REPLY_PAUSE_MINUTES,
  type HandReplyResult,
} from '@agent-console/contracts';
import { insertChatAccount, insertContacts, simAccount, waitUntil } from '@agent-console/server/test/fixtures/chat';
import { useChatTestApp } from '@agent-console/server/test/fixtures/chat-test-app';
import { setConversation } from '@agent-console/server/test/fixtures/conversation';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatContacts, chatMessages, chatSendBatches } from '../../../db/schema';

/**
 * Replies by hand from the conversation view, through the real adapter against the simulator:
 * delivered to the contact, shown in the transcript as the person's, the agent paused and "needs a
 * person" cleared in the same step; offline accounts, gone contacts and bad text refused.
 */
const { t, admin, f } = useChatTestApp({
  contactCount: 4,
  pacing: { minGapMs: 40, backoffBaseMs: 200, backoffMaxMs: 1000 },
});

const C = '/api/v3/address/conversation';

/** A simulated online account with its contacts in the console (friends only). */
async function readyAccount() {
  const account = await simAccount(t, { customerId: await f.customer() });
  const phoneContacts = (await t.gateway.sim.contactsOf(account.wcId)).filter((c) => c.type === 'friend');
  const contacts = await t.database.db
    .insert(chatContacts)
    .values(
      phoneContacts.map((c) => ({
        customerId: account.customerId,
        accountId: account.id,
        wcId: c.wcId,
        nickname: c.nickname,
        type: 'friend',
      })),
    )
    .returning();
  return { account, contacts };
}

const view = (contactId: number) => f.ok<ConversationView>('GET', `${C}/${contactId}`);

describe('reply by hand', () => {
  it('reaches the contact, shows as the person’s, pauses the agent and clears “needs a person”', async () => {
    const { account, contacts } = await readyAccount();
    const contact = contacts[0] as (typeof contacts)[number];
    await setConversation(t, account, contact, { needsPersonAt: new Date() });
    const member = await f.member(
      [CHAT_ADDRESS_PERMISSIONS.list, CHAT_MESSAGE_PERMISSIONS.send],
      3,
      account.customerId,
    );
    const before = Date.now();
    const answer = await f.ok<HandReplyResult>(
      'POST',
      `${C}/reply`,
      { contactId: contact.id, content: '  Let me check that for you 我来查一下  ' },
      member.token,
    );
    expect(answer.state).toMatchObject({
      paused: true,
      untilReleased: false,
      pauseReason: 'takeover',
      pausedBy: { id: member.id, name: member.username },
      needsPerson: false,
    });
    const until = Date.parse(answer.state.pausedUntil as string);
    expect(until).toBeGreaterThanOrEqual(before + HAND_REPLY_PAUSE_MINUTES * 60_000 - 5_000);

    // Sent once the console has recorded the gateway's answer (the simulator has it before that).
    const [row] = await waitUntil(
      () => t.database.db.select().from(chatMessages).where(eq(chatMessages.id, answer.messageId)),
      (rows) => rows[0]?.status !== 'queued' && rows[0]?.status !== 'sending',
      30_000,
      'the reply sent',
    );
    expect(row).toMatchObject({ source: 'person', status: 'sent', direction: 'out', contactId: contact.id });
    const sent = await t.gateway.sim.sent(account.wcId);
    expect(sent).toEqual([
      expect.objectContaining({ to: contact.wcId, type: 'text', content: 'Let me check that for you 我来查一下' }),
    ]);
    expect(row?.gatewayMsgId).toBe(sent[0]?.msgId);
    const [batch] = await t.database.db
      .select()
      .from(chatSendBatches)
      .where(eq(chatSendBatches.id, row?.batchId as number));
    expect(batch).toMatchObject({ userId: member.id, total: 1, type: 'text' });

    const v = await view(contact.id);
    expect(v.messages).toEqual([
      expect.objectContaining({
        id: answer.messageId,
        source: 'person',
        status: 'sent',
        person: { id: member.id, name: member.username },
        agent: null,
      }),
    ]);
    expect(v.state).toMatchObject({ paused: true, needsPerson: false });
  });

  it('keeps a longer pause as it is; extends a shorter one to the hand-reply pause', async () => {
    const { account, contacts } = await readyAccount();
    const [longer, shorter] = contacts as [(typeof contacts)[number], (typeof contacts)[number]];
    await f.ok('POST', `${C}/takeover`, { contactId: longer.id, minutes: null });
    const kept = await f.ok<HandReplyResult>('POST', `${C}/reply`, { contactId: longer.id, content: 'one' });
    expect(kept.state).toMatchObject({ untilReleased: true, pauseReason: 'takeover' });

    await setConversation(t, account, shorter, { pausedUntil: new Date(Date.now() + 60_000), pauseReason: 'phone' });
    const extended = await f.ok<HandReplyResult>('POST', `${C}/reply`, { contactId: shorter.id, content: 'two' });
    expect(extended.state.pauseReason).toBe('takeover');
    expect(Date.parse(extended.state.pausedUntil as string)).toBeGreaterThan(
      Date.now() + (HAND_REPLY_PAUSE_MINUTES - 1) * 60_000,
    );
    await waitUntil(
      () => t.gateway.sim.sent(account.wcId),
      (sent) => sent.length === 2,
      30_000,
      'both replies at the simulator',
    );
  });

  it('refuses an offline account, a gone contact and bad text, naming the field; nothing is queued', async () => {
    const { account, contacts } = await readyAccount();
    const offline = await insertChatAccount(t, { customerId: account.customerId, loginStatus: 'offline' });
    const [offlineContact] = await insertContacts(t, offline, 1);
    const [gone] = await insertContacts(t, account, 1, { gone: true });
    const id = (contacts[0] as (typeof contacts)[number]).id;
    const cases: [unknown, string, string][] = [
      [{ contactId: id, content: '' }, 'A0410', 'content'],
      [{ contactId: id, content: '   ' }, 'A0410', 'content'],
      [{ contactId: id }, 'A0410', 'content'],
      [{ contactId: id, content: 'x'.repeat(2001) }, 'A0420', 'content'],
      [{ contactId: id, content: 5 }, 'A0400', 'content'],
      [{ content: 'hi' }, 'A0410', 'contactId'],
      [{ contactId: gone?.id, content: 'hi' }, 'A0400', 'contactId'],
      [{ contactId: offlineContact?.id, content: 'hi' }, 'A0440', 'accountId'],
    ];
    for (const [body, code, field] of cases) {
      const res = await t.call('POST', `${C}/reply`, { token: admin(), body });
      expect(res.body.code, JSON.stringify(body).slice(0, 80)).toBe(code);
      expect(res.body.message).toContain(fieldLabel(field, 'en'));
    }
    const queued = await t.database.db.select().from(chatMessages).where(eq(chatMessages.source, 'person'));
    expect(queued.filter((m) => m.accountId === account.id || m.accountId === offline.id)).toEqual([]);
    expect((await view(id)).state.conversationId).toBeNull();
  });
});
