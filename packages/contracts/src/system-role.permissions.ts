/** The role screen's permission codes, carried by its menu buttons and declared by its routes. */
export const ROLE_PERMISSIONS = {
  list: 'system:role:list',
  add: 'system:role:add',
  edit: 'system:role:edit',
  remove: 'system:role:remove',
} as const;
