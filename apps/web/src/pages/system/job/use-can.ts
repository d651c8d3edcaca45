import { ALL_PERMISSIONS } from '@agent-console/contracts';
import { useSessionStore } from '../../../stores/session-store';

/** Whether the signed-in user holds a permission code; buttons they cannot use are hidden. */
export function useCan(): (code: string) => boolean {
  const permissions = useSessionStore((s) => s.user?.permissions);
  return (code) => !!permissions && (permissions.includes(ALL_PERMISSIONS) || permissions.includes(code));
}
