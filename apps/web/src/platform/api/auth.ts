import type { LoginRequest, RegisterRequest } from '@agent-console/contracts';
import { AUTH_ROUTES } from '@agent-console/contracts/auth';
import { CURRENT_USER_ROUTES } from '@agent-console/contracts/system-user-current';
import { call } from './call';

export const authApi = {
  login: (body: LoginRequest) => call(AUTH_ROUTES.login, { body }, { silent: true }),
  register: (body: RegisterRequest) => call(AUTH_ROUTES.register, { body }, { silent: true }),
  logout: () => call(AUTH_ROUTES.logout, {}, { silent: true }),
  currentUser: () => call(CURRENT_USER_ROUTES.info),
};
