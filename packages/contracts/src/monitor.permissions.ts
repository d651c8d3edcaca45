/** The online-users screen's permission codes, carried by its menu buttons and declared by its routes. */
export const ONLINE_PERMISSIONS = {
  list: 'monitor:online:list',
  forceLogout: 'monitor:online:forceLogout',
  export: 'monitor:online:export',
} as const;
/** The operation-log screen's permission codes, carried by its menu buttons and declared by its routes. */
export const OPERLOG_PERMISSIONS = {
  list: 'monitor:operlog:list',
  remove: 'monitor:operlog:remove',
  export: 'monitor:operlog:export',
} as const;
/** The sign-in log screen's permission codes, carried by its menu buttons and declared by its routes. */
export const LOGINLOG_PERMISSIONS = {
  list: 'monitor:loginlog:list',
  remove: 'monitor:loginlog:remove',
  export: 'monitor:loginlog:export',
} as const;
