/** Passwords are capped so that a huge body cannot make argon2 spin. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
