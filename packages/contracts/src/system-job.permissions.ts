/** The job screen's permission codes, carried by its menu buttons and declared by its routes. */
export const JOB_PERMISSIONS = {
  list: 'system:job:list',
  add: 'system:job:add',
  edit: 'system:job:edit',
  remove: 'system:job:remove',
  run: 'system:job:run',
} as const;
