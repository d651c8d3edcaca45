/** The mail settings screen's permission codes, carried by its menu buttons and declared by its routes. */
export const MAIL_PERMISSIONS = {
  query: 'message:mail:query',
  edit: 'message:mail:edit',
  test: 'message:mail:test',
} as const;
