/** The app info screen's permission codes, carried by its menu buttons and declared by its routes. */
export const APP_INFO_PERMISSIONS = {
  list: 'app:info:list',
  add: 'app:info:add',
  edit: 'app:info:edit',
  remove: 'app:info:remove',
  start: 'app:info:start',
  stop: 'app:info:stop',
  key: 'app:info:key',
} as const;
