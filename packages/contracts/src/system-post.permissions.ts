/** The post screen's permission codes, carried by its menu buttons and declared by its routes. */
export const POST_PERMISSIONS = {
  list: 'system:post:list',
  add: 'system:post:add',
  edit: 'system:post:edit',
  remove: 'system:post:remove',
} as const;
