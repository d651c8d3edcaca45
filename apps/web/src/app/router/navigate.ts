import { router } from './index';

/**
 * Navigation for the shell's parts and kept pages, without react-router's `useNavigate`: that
 * hook reads the route context, so every component using it renders again on each navigation,
 * hidden kept pages and the header included (the tab switch re-rendered all of them). Paths are
 * absolute, so nothing is resolved against a route.
 */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  void router.navigate(to, options);
}
