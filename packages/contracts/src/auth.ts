import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './password-limits';
import { text } from './primitives';

export { PASSWORD_MAX, PASSWORD_MIN } from './password-limits';
export { type PasswordWeakness, passwordWeakness } from './password-policy';

/** Usernames: letters, digits and . _ - @, 3 to 32 characters. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]+$/;
export const usernameSchema = text().trim().min(1).min(3).max(32).regex(USERNAME_PATTERN);
/** The length bounds of a new password; `passwordWeakness` holds the rest of the rule. */
export const newPasswordSchema = text().min(1).min(PASSWORD_MIN).max(PASSWORD_MAX);

export const loginRequestSchema = z.object({
  username: text().trim().min(1).max(64),
  password: text().min(1).max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  id: z.number().int(),
  accessToken: z.string(),
  nickName: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const registerRequestSchema = z
  .object({
    username: usernameSchema,
    password: newPasswordSchema,
    confirmPassword: text().min(1).max(PASSWORD_MAX),
    invitationCode: text().trim().min(1).max(64),
    agreement: z.literal(true, { error: 'mustAccept' }),
    nickName: text().trim().max(64).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'mismatch' });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({ id: z.number().int(), username: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
