import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { LoginPage } from '../login/LoginPage';
import { DocumentTitle, type RouteHandle } from './DocumentTitle';
import { FeedbackHost } from './FeedbackHost';
import { ShellEntry } from './ShellEntry';

function Root() {
  return (
    <>
      <DocumentTitle />
      <Outlet />
      <FeedbackHost />
    </>
  );
}

const loginHandle: RouteHandle = { titleKey: 'common:routes.login' };
const shellHandle: RouteHandle = { shell: true };

/**
 * Only sign-in and `/` are routes of their own. Everything else — the static shell routes of
 * SPEC §2 and the routes built from the server's router list — is resolved by the shell
 * (platform/navigation/resolve-route.ts), which also renders the 404 page for paths the user cannot open.
 * Sign-in is drawn without antd; the shell and antd are chunks of their own (app/router/ShellEntry.tsx).
 */
export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: '/', element: <Navigate to="/index" replace /> },
      { path: '/login', element: <LoginPage />, handle: loginHandle },
      { path: '*', element: <ShellEntry />, handle: shellHandle },
    ],
  },
]);
