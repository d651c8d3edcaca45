import type {
  CurrentUser,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  RegisterResponse,
} from '@agent-console/contracts';
import { api } from './client';

export const authApi = {
  login: (body: LoginRequest) => api.post<LoginResponse>('/api/login', body, { silent: true }),
  register: (body: RegisterRequest) => api.post<RegisterResponse>('/api/register', body, { silent: true }),
  logout: () => api.post<null>('/api/logout', {}, { silent: true }),
  currentUser: () => api.get<CurrentUser>('/api/v3/system/user/info'),
};
