/** The QA screen's permission codes, carried by its menu buttons and declared by its routes. */
export const KNOWLEDGE_QA_PERMISSIONS = {
  list: 'knowledge:qa:list',
  add: 'knowledge:qa:add',
  edit: 'knowledge:qa:edit',
  remove: 'knowledge:qa:remove',
  import: 'knowledge:qa:import',
  export: 'knowledge:qa:export',
} as const;
/** The documents screen's permission codes, carried by its menu buttons and declared by its routes. */
export const KNOWLEDGE_FILE_PERMISSIONS = {
  list: 'knowledge:file:list',
  upload: 'knowledge:file:upload',
  edit: 'knowledge:file:edit',
  remove: 'knowledge:file:remove',
} as const;
