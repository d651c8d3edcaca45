import { z } from 'zod';
import { apiRoutes, type RouteSchemas } from './api-route';
import { newPasswordSchema, PASSWORD_MAX } from './auth';
import { pathId, text } from './primitives';
import { userGenderSchema, userIdentitySchema } from './system-user-current';

/** Path parameter of the by-id profile calls. */
export const profileIdParamsSchema = z.object({ id: pathId() });

/** GET /api/v3/system/user/info/{id}. */
export const userProfileSchema = userIdentitySchema;
export type UserProfile = z.infer<typeof userProfileSchema>;

/** Empty text means "no value", so clearing a field in the form clears it on the server. */
const optionalText = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().optional());

export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{3,30}$/;

export const profileUpdateSchema = z.object({
  nickName: text().trim().min(1).max(64),
  phone: optionalText(text().trim().max(32).regex(PHONE_PATTERN)),
  email: optionalText(text().trim().max(128).pipe(z.email())),
  gender: userGenderSchema.optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const passwordUpdateSchema = z
  .object({
    oldPassword: text().min(1).max(PASSWORD_MAX),
    newPassword: newPasswordSchema,
    confirmPassword: text().min(1).max(PASSWORD_MAX),
  })
  .refine((v) => v.newPassword !== v.oldPassword, { path: ['newPassword'], message: 'sameAsOld' })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'mismatch' });
export type PasswordUpdate = z.infer<typeof passwordUpdateSchema>;

/** A user's own profile and password, or another's with the user-management permission. */
export const PROFILE_ROUTE_SCHEMAS = {
  get: {
    summary: "A user's profile: one's own, or another's with system:user:list inside one's data scope",
    params: profileIdParamsSchema,
    answer: userProfileSchema,
  },
  update: {
    summary: 'Update nickname, phone, email and gender (own, or another with system:user:edit)',
    params: profileIdParamsSchema,
    body: profileUpdateSchema,
    answer: userProfileSchema,
  },
  updatePassword: {
    summary: 'Change a password after checking the old one; other sessions of that user end',
    params: profileIdParamsSchema,
    body: passwordUpdateSchema,
    answer: z.null(),
  },
} satisfies RouteSchemas;

export const PROFILE_ROUTES = apiRoutes<typeof PROFILE_ROUTE_SCHEMAS>({
  get: 'GET /api/v3/system/user/info/:id',
  update: 'POST /api/v3/system/user/info/update/:id',
  updatePassword: 'POST /api/v3/system/user/password/update/:id',
});
