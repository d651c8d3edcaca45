import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
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

/** Sign-in calls sit one level above /api/v3 (DESIGN §4); the server adds hidden /api/auth/* aliases. */
export const AUTH_ROUTE_SCHEMAS = {
  login: { summary: 'Sign in with username and password', body: loginRequestSchema, answer: loginResponseSchema },
  register: {
    summary: 'Register with a customer invitation code',
    body: registerRequestSchema,
    answer: registerResponseSchema,
  },
  logout: { summary: 'End the current session', answer: z.null() },
} satisfies RouteSchemas;

export const AUTH_ROUTES = apiRoutes<typeof AUTH_ROUTE_SCHEMAS>({
  login: 'POST /api/login',
  register: 'POST /api/register',
  logout: 'POST /api/logout',
});
