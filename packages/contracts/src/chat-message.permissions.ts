/** The contacts screen's sending's permission codes, carried by its menu buttons and declared by its routes. */
export const CHAT_MESSAGE_PERMISSIONS = { send: 'chat:message:send' } as const;
