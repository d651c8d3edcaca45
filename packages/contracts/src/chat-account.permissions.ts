/** The chat accounts screen's permission codes, carried by its menu buttons and declared by its routes. */
export const CHAT_ACCOUNT_PERMISSIONS = {
  list: 'chat:account:list',
  login: 'chat:account:login',
  sync: 'chat:account:sync',
  remove: 'chat:account:remove',
  edit: 'chat:account:edit',
} as const;
