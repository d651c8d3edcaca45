import { z } from 'zod';
import { orderBySchema, pageQuerySchema } from './envelope';
import { PERMISSION_CODE_PATTERN } from './permission-codes';
import { idNumber, text } from './primitives';

/** A button permission under a menu (the permission-config screen). */
export const permissionSchema = z.object({
  id: z.number().int(),
  menuId: z.number().int(),
  name: z.string(),
  title: z.string(),
  titles: z.object({ en: z.string(), 'zh-chs': z.string(), 'zh-cht': z.string(), ja: z.string() }),
  permission: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  roleCount: z.number().int(),
  createdAt: z.string(),
});
export type Permission = z.infer<typeof permissionSchema>;

const titleText = text().trim().max(100);

/** POST /permission/save and /update/{id}. */
export const permissionSaveSchema = z.object({
  menuId: idNumber(),
  titles: z.object({ en: titleText.min(1), 'zh-chs': titleText, 'zh-cht': titleText, ja: titleText }),
  permission: text().trim().min(1).max(100).regex(PERMISSION_CODE_PATTERN),
  sort: z.number().int().min(0).max(99_999).default(0),
  enabled: z.boolean().default(true),
});
export type PermissionSave = z.input<typeof permissionSaveSchema>;

export const PERMISSION_SORT_FIELDS = ['permission', 'sort', 'createdAt'] as const;
/** POST /permission/menu/page/{id}: the buttons of one menu. */
export const permissionPageQuerySchema = pageQuerySchema.extend({
  permission: text().trim().max(100).optional(),
  orderBy: orderBySchema(PERMISSION_SORT_FIELDS),
});
export type PermissionPageQuery = z.input<typeof permissionPageQuerySchema>;
