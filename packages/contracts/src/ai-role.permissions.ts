/** The main prompt screen's permission codes, carried by its menu buttons and declared by its routes. */
export const AI_PROMPT_PERMISSIONS = { view: 'ai:prompt:view', edit: 'ai:prompt:edit' } as const;
/** The new customer access screen's permission codes, carried by its menu buttons and declared by its routes. */
export const AI_ACCESS_PERMISSIONS = { view: 'ai:access:view', edit: 'ai:access:edit' } as const;
/** The AI permission screen's permission codes, carried by its menu buttons and declared by its routes. */
export const AI_PERMISSION_SCREEN_PERMISSIONS = { view: 'ai:permission:view' } as const;
