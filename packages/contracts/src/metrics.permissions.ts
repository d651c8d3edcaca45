/** The session metrics screen's permission codes, carried by its menu buttons and declared by its routes. */
export const METRICS_SESSION_PERMISSIONS = { list: 'metrics:session:list', export: 'metrics:session:export' } as const;
/** The metrics dashboard's permission codes, carried by its menu buttons and declared by its routes. */
export const METRICS_DASHBOARD_PERMISSIONS = { view: 'metrics:dashboard:view' } as const;
