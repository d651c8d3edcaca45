import type { Language, PermissionCode } from '@agent-console/contracts';
import type { DataScopeFilter } from './data-scope';
import type { PermissionRule } from './permission';

/** Who is calling; cached per token until a write to the tables behind it (modules/system/auth/auth-cache.ts). */
export interface AuthContext {
  sessionId: string;
  userId: number;
  username: string;
  customerId: number;
  permissions: ReadonlySet<string>;
  isSuperAdmin: boolean;
  /** Which customers' rows the caller may see and change. */
  dataScope: DataScopeFilter;
}

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (login, register, health). */
    public?: boolean;
    /** The permission a caller needs; absent means any signed-in user. */
    permission?: PermissionCode;
    /** Further permissions that some values of the request need (see PermissionRule). */
    permissionWhen?: readonly PermissionRule[];
    /**
     * The route changes objects shared by every customer (menus, buttons, dictionaries): only a
     * caller whose data scope is "all" may call it, whatever permissions they hold.
     */
    shared?: boolean;
  }
}
