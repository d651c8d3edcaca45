/**
 * What a stored permission code may look like: two to four plain segments (`system:user:add`).
 * No wildcard: only the built-in super-admin role grants everything.
 */
export const PERMISSION_CODE_PATTERN = /^[A-Za-z0-9_-]+(:[A-Za-z0-9_-]+){1,3}$/;

/**
 * A permission code as routes declare it. Open, so that a feature declares its codes in its own
 * contract file (`POST_PERMISSIONS`) without a line here; the route-matrix test checks that every
 * code a route declares is one a feature's manifest lists.
 */
export type PermissionCode = `${string}:${string}`;
