/** The configuration screen's items's permission codes, carried by its menu buttons and declared by its routes. */
export const APP_ITEM_PERMISSIONS = {
  list: 'app:item:list',
  add: 'app:item:add',
  edit: 'app:item:edit',
  remove: 'app:item:remove',
} as const;
/** The configuration screen's namespaces's permission codes, carried by its menu buttons and declared by its routes. */
export const APP_NAMESPACE_PERMISSIONS = {
  add: 'app:namespace:add',
  edit: 'app:namespace:edit',
  remove: 'app:namespace:remove',
} as const;
