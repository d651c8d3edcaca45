/** The follow-up strategies screen's permission codes, carried by its menu buttons and declared by its routes. */
export const FOLLOWUP_CONFIG_PERMISSIONS = {
  list: 'followup:config:list',
  add: 'followup:config:add',
  edit: 'followup:config:edit',
  remove: 'followup:config:remove',
} as const;
/** The active follow-up screen's permission codes. The active follow-up screen's robots (WAVE2 §0.3 names them `followup:robot:*`). */
export const FOLLOWUP_ACTIVE_PERMISSIONS = {
  list: 'followup:active:list',
  add: 'followup:robot:add',
  edit: 'followup:robot:edit',
  remove: 'followup:robot:remove',
} as const;
