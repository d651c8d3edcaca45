import type { CurrentUser, LoginResponse } from '@agent-console/contracts';
import { create } from 'zustand';
import { authApi } from '../api/auth';
import { setSessionExpiredHandler } from '../api/client';
import { cookies } from '../lib/cookies';
import { setLogUser } from '../log/log-store';
import { setAccessChangedHandler, useMenuStore } from './menu-store';
import { useSettingsStore } from './settings-store';
import { useTabsStore } from './tabs-store';

interface SessionState {
  /** Starts true when a token cookie exists (SPEC §4). */
  loggedIn: boolean;
  user: CurrentUser | null;
  login(username: string, password: string): Promise<CurrentUser>;
  /** Starts the session a sign-in answered with (the password's, or the demo's). */
  startSession(answer: LoginResponse): Promise<CurrentUser>;
  loadUser(): Promise<CurrentUser>;
  /** Ends the session locally and on the server; the caller navigates. */
  logout(): Promise<void>;
}

export const useSessionStore = create<SessionState>((set, get) => ({
  loggedIn: !!cookies.get('token'),
  user: null,

  async login(username, password) {
    return get().startSession(await authApi.login({ username, password }));
  },

  async startSession(answer) {
    cookies.set('uuid', String(answer.id));
    cookies.set('token', answer.accessToken);
    const user = await get().loadUser();
    set({ loggedIn: true });
    return user;
  },

  async loadUser() {
    const user = await authApi.currentUser();
    setLogUser(user.username);
    set({ user });
    return user;
  },

  async logout() {
    set({ loggedIn: false });
    // The server call may fail (network, already expired); the local sign-out happens anyway.
    await authApi.logout().catch(() => undefined);
    clearLocalSession();
    set({ user: null });
  },
}));

setAccessChangedHandler(() => useSessionStore.getState().loadUser());

/** What else holds one user's data in memory (the shell's query cache registers here). */
const clearedListeners = new Set<() => void>();
export function onLocalSessionCleared(listener: () => void): void {
  clearedListeners.add(listener);
}

/**
 * Signs out locally: cookies, tabs (in memory only: the user's saved list stays for their next
 * sign-in), menu and routes, settings back to defaults for the sign-in page, and cached answers.
 */
export function clearLocalSession(): void {
  cookies.remove('token');
  cookies.remove('uuid');
  setLogUser('');
  useTabsStore.getState().reset();
  useMenuStore.getState().reset();
  useSettingsStore.getState().reset();
  for (const listener of clearedListeners) listener();
}

/**
 * A0301 from any call: sign out without asking and go to the sign-in page (SPEC §8); `goToLogin`
 * is told who was signed in, whose page it was.
 */
export function installSessionExpiry(goToLogin: (who: string | null) => void): void {
  setSessionExpiredHandler(() => {
    const who = useSessionStore.getState().user?.username ?? null;
    clearLocalSession();
    useSessionStore.setState({ loggedIn: false, user: null });
    goToLogin(who);
  });
}

export function hasToken(): boolean {
  return !!cookies.get('token');
}
