import type { ComponentType } from 'react';

/**
 * A feature's screens by the component path its menu rows store (`system/user/index`), each
 * loaded on first use. The path is the key stored in the database, so a screen keeps it when its
 * file moves (app/shell/page-registry.ts).
 */
export type PageTable = Readonly<Record<string, () => Promise<{ default: ComponentType }>>>;
