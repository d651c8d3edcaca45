/** The user screen's permission codes, carried by its menu buttons and declared by its routes. */
export const USER_PERMISSIONS = {
  list: 'system:user:list',
  add: 'system:user:add',
  edit: 'system:user:edit',
  remove: 'system:user:remove',
  resetPwd: 'system:user:resetPwd',
  export: 'system:user:export',
} as const;
