/** The menu screen's permission codes, carried by its menu buttons and declared by its routes. */
export const MENU_PERMISSIONS = {
  list: 'system:menu:list',
  add: 'system:menu:add',
  edit: 'system:menu:edit',
  remove: 'system:menu:remove',
} as const;
