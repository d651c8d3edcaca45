/** The contacts screen's permission codes, carried by its menu buttons and declared by its routes. */
export const CHAT_ADDRESS_PERMISSIONS = {
  list: 'chat:address:list',
  init: 'chat:address:init',
  relationship: 'chat:address:relationship',
  takeover: 'chat:address:takeover',
} as const;
