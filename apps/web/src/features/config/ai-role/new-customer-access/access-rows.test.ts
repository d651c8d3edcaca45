import {
  LEAD_ITEMS_MAX,
  reasonForIssue,
  saveNewCustomerAccessCommandSchema,
  WELCOME_MESSAGES_MAX,
} from '@agent-console/contracts';
import { describe, expect, it } from 'vitest';
import { addBlocker } from '../../../../ui/message-list/message-rows';
import {
  type AccessDraft,
  draftFrom,
  emptyLead,
  emptyWelcome,
  leadComplete,
  sameSettings,
  toCommand,
  welcomeComplete,
} from './access-rows';

const TARGET = { customerId: 3, appId: 7 };
const lead = { key: 'l', item: 'Phone', description: 'Mobile number', example: '' };

describe('welcome and lead rows', () => {
  it('a row is complete with its text, or with its finished upload; a lead row with item and description', () => {
    expect(welcomeComplete({ ...emptyWelcome(), text: '  ' })).toBe(false);
    expect(welcomeComplete({ ...emptyWelcome(), text: 'Hi' })).toBe(true);
    expect(welcomeComplete({ ...emptyWelcome(), text: '字'.repeat(1001) })).toBe(false);
    expect(welcomeComplete({ key: 'a', type: 'file', text: '' })).toBe(false);
    expect(welcomeComplete({ key: 'a', type: 'file', text: '', objectId: 4, uploading: true })).toBe(false);
    expect(welcomeComplete({ key: 'a', type: 'image', text: '', objectId: 4 })).toBe(true);
    expect(leadComplete(lead)).toBe(true);
    expect(leadComplete({ ...lead, description: ' ' })).toBe(false);
    expect(leadComplete({ ...lead, item: '😀'.repeat(50) })).toBe(true);
    expect(leadComplete({ ...lead, item: '😀'.repeat(51) })).toBe(false);
  });

  it('"Add" waits for the last row and stops at the limit', () => {
    const texts = (n: number) => Array.from({ length: n }, () => ({ ...emptyWelcome(), text: 'x' }));
    expect(addBlocker([], WELCOME_MESSAGES_MAX, welcomeComplete)).toBeNull();
    expect(addBlocker(texts(3), WELCOME_MESSAGES_MAX, welcomeComplete)).toBeNull();
    expect(addBlocker([...texts(2), emptyWelcome()], WELCOME_MESSAGES_MAX, welcomeComplete)).toEqual({
      kind: 'incomplete',
      row: 3,
    });
    expect(addBlocker(texts(10), WELCOME_MESSAGES_MAX, welcomeComplete)).toEqual({ kind: 'limit' });
    const leads = Array.from({ length: LEAD_ITEMS_MAX }, () => lead);
    expect(addBlocker(leads, LEAD_ITEMS_MAX, leadComplete)).toEqual({ kind: 'limit' });
    expect(addBlocker([lead, emptyLead()], LEAD_ITEMS_MAX, leadComplete)).toEqual({ kind: 'incomplete', row: 2 });
  });

  it('builds the command the server checks, and the browser finds the same faults with the shared schema', () => {
    const draft: AccessDraft = {
      autoAcceptFriend: true,
      welcome: [
        { key: 'w1', type: 'text', text: 'Hello' },
        { key: 'w2', type: 'image', text: 'left over', objectId: 9, fileName: 'a.png', url: '/x' },
        { key: 'w3', type: 'file', text: '' },
      ],
      leads: [lead, { ...emptyLead(), item: 'Budget' }],
    };
    const body = toCommand(draft, TARGET);
    expect(body.welcomeMessages).toEqual([
      { id: 'w1', type: 'text', text: 'Hello' },
      { id: 'w2', type: 'image', objectId: 9 },
      { id: 'w3', type: 'file', objectId: undefined },
    ]);
    const checked = saveNewCustomerAccessCommandSchema.safeParse(
      { command: 'saveNewCustomerAccess', ...body },
      { error: reasonForIssue },
    );
    expect(checked.success).toBe(false);
    expect(checked.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['welcomeMessages.2.objectId', 'required'],
      ['leadItems.1.description', 'required'],
    ]);
  });

  it('tells a changed draft from the loaded one, and reads a loaded config back', () => {
    const loaded = draftFrom({
      ...TARGET,
      autoAcceptFriend: false,
      welcomeMessages: [{ id: 'a', type: 'text', text: 'Hi' }],
      leadItems: [{ item: 'Phone', description: 'Mobile', example: '' }],
      updatedAt: null,
      updatedBy: null,
    });
    expect(loaded.welcome[0]).toEqual({ key: 'a', type: 'text', text: 'Hi' });
    const copy = { ...loaded, leads: loaded.leads.map((l) => ({ ...l, key: 'other' })) };
    expect(sameSettings(loaded, copy)).toBe(true);
    expect(sameSettings(loaded, { ...loaded, autoAcceptFriend: true })).toBe(false);
    expect(sameSettings(loaded, { ...loaded, welcome: [...loaded.welcome].reverse().concat(emptyWelcome()) })).toBe(
      false,
    );
  });
});
