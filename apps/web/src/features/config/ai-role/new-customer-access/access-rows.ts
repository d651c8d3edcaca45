import {
  codePointLength,
  LEAD_DESCRIPTION_MAX,
  LEAD_EXAMPLE_MAX,
  LEAD_ITEM_NAME_MAX,
  type NewCustomerAccessConfig,
  type SaveNewCustomerAccessCommand,
} from '@agent-console/contracts';
import {
  emptyMessage,
  type MessageRow,
  messageComplete,
  messageInput,
  messageRowFrom,
  newKey,
} from '../../../../ui/message-list/message-rows';

/** One welcome message as the editor holds it. */
export type WelcomeRow = MessageRow;

/** One lead-cleaning row as the editor holds it. */
export interface LeadRow {
  key: string;
  item: string;
  description: string;
  example: string;
}

export interface AccessDraft {
  autoAcceptFriend: boolean;
  welcome: WelcomeRow[];
  leads: LeadRow[];
}

export const emptyWelcome = emptyMessage;
export const welcomeComplete = messageComplete;
export const emptyLead = (): LeadRow => ({ key: newKey(), item: '', description: '', example: '' });

export function draftFrom(config: NewCustomerAccessConfig): AccessDraft {
  return {
    autoAcceptFriend: config.autoAcceptFriend,
    welcome: config.welcomeMessages.map(messageRowFrom),
    leads: config.leadItems.map((l) => ({ key: newKey(), ...l })),
  };
}

const filled = (text: string, max: number) => text.trim() !== '' && codePointLength(text.trim()) <= max;

export function leadComplete(row: LeadRow): boolean {
  return (
    filled(row.item, LEAD_ITEM_NAME_MAX) &&
    filled(row.description, LEAD_DESCRIPTION_MAX) &&
    codePointLength(row.example.trim()) <= LEAD_EXAMPLE_MAX
  );
}

/** The save command's body for this draft: exactly what the server checks. */
export function toCommand(
  draft: AccessDraft,
  target: { customerId: number; appId: number },
): Omit<SaveNewCustomerAccessCommand, 'command'> {
  return {
    ...target,
    autoAcceptFriend: draft.autoAcceptFriend,
    welcomeMessages: draft.welcome.map(messageInput),
    leadItems: draft.leads.map(({ item, description, example }) => ({ item, description, example })),
  };
}

/** Whether two drafts would save the same settings (keys of lead rows aside). */
export function sameSettings(a: AccessDraft, b: AccessDraft): boolean {
  const target = { customerId: 0, appId: 0 };
  return JSON.stringify(toCommand(a, target)) === JSON.stringify(toCommand(b, target));
}
