/** The customer (department) screen's permission codes, carried by its menu buttons and declared by its routes. */
export const DEPT_PERMISSIONS = {
  list: 'system:dept:list',
  add: 'system:dept:add',
  edit: 'system:dept:edit',
  remove: 'system:dept:remove',
} as const;
