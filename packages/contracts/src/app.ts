/** Product identity shared by server and web. */
export const APP_NAME = 'agent-console';
export const PRODUCT_NAME = 'Agent Console';
export const APP_VERSION = '1.18.0';

/** Cookie lifetime in days (SPEC §9). */
export const COOKIE_DAYS = 1;
/** Session lifetime on the server, in milliseconds: the same day as the cookie. */
export const SESSION_TTL_MS = COOKIE_DAYS * 24 * 60 * 60 * 1000;

/** Lock an account after this many failures in a row, for this long (DESIGN §5). */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MS = 10 * 60 * 1000;
