// Loaded on demand by `password-rule.ts`: the list of common passwords is its own chunk, fetched
// when a form first checks a new password, never on the sign-in page's first load.
export { passwordWeakness } from '@agent-console/contracts';
