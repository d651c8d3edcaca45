/** The dictionary screen's permission codes, carried by its menu buttons and declared by its routes. */
export const DICT_PERMISSIONS = {
  list: 'system:dict:list',
  add: 'system:dict:add',
  edit: 'system:dict:edit',
  remove: 'system:dict:remove',
} as const;
