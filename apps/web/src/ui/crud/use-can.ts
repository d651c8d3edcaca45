import { ALL_PERMISSIONS } from '@agent-console/contracts';
import { useSessionStore } from '../../platform/stores/session-store';

/** Whether the signed-in user holds a permission code; the web hides what they cannot use. */
export function useCan(): (code: string) => boolean {
  const permissions = useSessionStore((s) => s.user?.permissions);
  return (code) => !!permissions && (permissions.includes(ALL_PERMISSIONS) || permissions.includes(code));
}
