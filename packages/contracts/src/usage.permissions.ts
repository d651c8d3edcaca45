/** The usage screen's permission codes, carried by its menu buttons and declared by its routes. */
export const USAGE_PERMISSIONS = { view: 'usage:dashboard:view', quotaEdit: 'usage:quota:edit' } as const;
