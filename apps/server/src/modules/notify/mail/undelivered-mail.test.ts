import { describe, expect, it } from 'vitest';
import type { MailDeps } from './mail-settings';
import { type UndeliveredConversation, undeliveredMailer } from './undelivered-mail';

/** The grouping of undelivered-reply mails: the first at once, the rest together after the window. */
const conversation = (customerId: number, contactName: string): UndeliveredConversation => ({
  customerId,
  accountName: 'Sales desk',
  contactName,
  reason: 'dailyCap',
});

describe('undelivered-reply mail', () => {
  it('mails the first flag at once, gathers the next ones per customer and sends them when the window ends', async () => {
    const sent: { customerId: number; names: string[] }[] = [];
    const mailer = undeliveredMailer({} as MailDeps, 300, (event) =>
      sent.push({ customerId: event.customerId, names: event.conversations.map((c) => c.contactName) }),
    );
    await mailer([conversation(1, 'Amy')]);
    expect(sent).toEqual([{ customerId: 1, names: ['Amy'] }]);
    await mailer([conversation(1, 'Bob'), conversation(2, 'Cat')]);
    await mailer([conversation(1, 'Dan')]);
    // Customer 2 had no mail yet: its first goes at once; customer 1's wait for the window.
    expect(sent).toEqual([
      { customerId: 1, names: ['Amy'] },
      { customerId: 2, names: ['Cat'] },
    ]);
    await expect.poll(() => sent.length, { timeout: 5000 }).toBe(3);
    expect(sent[2]).toEqual({ customerId: 1, names: ['Bob', 'Dan'] });
  });
});
