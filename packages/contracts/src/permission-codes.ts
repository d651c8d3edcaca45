/**
 * What a stored permission code may look like: two to four plain segments (`system:user:add`).
 * No wildcard: only the built-in super-admin role grants everything.
 */
export const PERMISSION_CODE_PATTERN = /^[A-Za-z0-9_-]+(:[A-Za-z0-9_-]+){1,3}$/;

/**
 * Permission codes carried by menu buttons and declared by every server route.
 * A route without a code here is open to every signed-in user.
 */
export const PERMISSIONS = {
  menu: {
    list: 'system:menu:list',
    add: 'system:menu:add',
    edit: 'system:menu:edit',
    remove: 'system:menu:remove',
  },
  dept: {
    list: 'system:dept:list',
    add: 'system:dept:add',
    edit: 'system:dept:edit',
    remove: 'system:dept:remove',
  },
  role: {
    list: 'system:role:list',
    add: 'system:role:add',
    edit: 'system:role:edit',
    remove: 'system:role:remove',
  },
  user: {
    list: 'system:user:list',
    add: 'system:user:add',
    edit: 'system:user:edit',
    remove: 'system:user:remove',
    resetPwd: 'system:user:resetPwd',
    export: 'system:user:export',
  },
  dict: {
    list: 'system:dict:list',
    add: 'system:dict:add',
    edit: 'system:dict:edit',
    remove: 'system:dict:remove',
  },
  job: {
    list: 'system:job:list',
    add: 'system:job:add',
    edit: 'system:job:edit',
    remove: 'system:job:remove',
    run: 'system:job:run',
  },
  online: {
    list: 'monitor:online:list',
    forceLogout: 'monitor:online:forceLogout',
    export: 'monitor:online:export',
  },
  operlog: {
    list: 'monitor:operlog:list',
    remove: 'monitor:operlog:remove',
    export: 'monitor:operlog:export',
  },
  loginlog: {
    list: 'monitor:loginlog:list',
    remove: 'monitor:loginlog:remove',
    export: 'monitor:loginlog:export',
  },
  mail: { query: 'message:mail:query', edit: 'message:mail:edit', test: 'message:mail:test' },
  chatAccount: {
    list: 'chat:account:list',
    login: 'chat:account:login',
    sync: 'chat:account:sync',
    remove: 'chat:account:remove',
    edit: 'chat:account:edit',
  },
  chatAddress: {
    list: 'chat:address:list',
    init: 'chat:address:init',
    relationship: 'chat:address:relationship',
    takeover: 'chat:address:takeover',
  },
  chatMessage: { send: 'chat:message:send' },
  metricsSession: { list: 'metrics:session:list', export: 'metrics:session:export' },
  metricsDashboard: { view: 'metrics:dashboard:view' },
  followupConfig: {
    list: 'followup:config:list',
    add: 'followup:config:add',
    edit: 'followup:config:edit',
    remove: 'followup:config:remove',
  },
  /** The active follow-up screen's robots (WAVE2 §0.3 names them `followup:robot:*`). */
  followupActive: {
    list: 'followup:active:list',
    add: 'followup:robot:add',
    edit: 'followup:robot:edit',
    remove: 'followup:robot:remove',
  },
  appInfo: {
    list: 'app:info:list',
    add: 'app:info:add',
    edit: 'app:info:edit',
    remove: 'app:info:remove',
    start: 'app:info:start',
    stop: 'app:info:stop',
    key: 'app:info:key',
  },
  appItem: { list: 'app:item:list', add: 'app:item:add', edit: 'app:item:edit', remove: 'app:item:remove' },
  appNamespace: { add: 'app:namespace:add', edit: 'app:namespace:edit', remove: 'app:namespace:remove' },
  knowledgeQa: {
    list: 'knowledge:qa:list',
    add: 'knowledge:qa:add',
    edit: 'knowledge:qa:edit',
    remove: 'knowledge:qa:remove',
    import: 'knowledge:qa:import',
    export: 'knowledge:qa:export',
  },
  knowledgeFile: {
    list: 'knowledge:file:list',
    upload: 'knowledge:file:upload',
    edit: 'knowledge:file:edit',
    remove: 'knowledge:file:remove',
  },
  aiMainPrompt: { view: 'ai:prompt:view', edit: 'ai:prompt:edit' },
  aiAccess: { view: 'ai:access:view', edit: 'ai:access:edit' },
  aiPermission: { view: 'ai:permission:view' },
  usage: { view: 'usage:dashboard:view', quotaEdit: 'usage:quota:edit' },
} as const;

/**
 * A permission code as routes declare it. Open, so that a feature declares its codes in its own
 * contract file (`POST_PERMISSIONS`) without a line here; the route-matrix test checks that every
 * code a route declares is one a feature's manifest lists.
 */
export type PermissionCode = `${string}:${string}`;
