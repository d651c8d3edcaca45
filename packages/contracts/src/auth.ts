import { z } from 'zod';

/** Usernames: letters, digits and . _ - @, 3 to 32 characters. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]+$/;
export const usernameSchema = z.string().trim().min(1).min(3).max(32).regex(USERNAME_PATTERN);
/** Passwords are capped so that a huge body cannot make argon2 spin. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const newPasswordSchema = z.string().min(1).min(PASSWORD_MIN).max(PASSWORD_MAX);

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(PASSWORD_MAX),
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
    confirmPassword: z.string().min(1).max(PASSWORD_MAX),
    invitationCode: z.string().trim().min(1).max(64),
    agreement: z.literal(true, { error: 'mustAccept' }),
    nickName: z.string().trim().max(64).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'mismatch' });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({ id: z.number().int(), username: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
