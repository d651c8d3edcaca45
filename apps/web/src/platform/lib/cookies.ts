import { APP_NAME, APP_VERSION, COOKIE_DAYS } from '@agent-console/contracts';
import Cookies from 'js-cookie';

/** Cookie names carry the app name and version (SPEC §3): `agent-console-1.18.0-token`. */
export function cookieName(name: string): string {
  return `${APP_NAME}-${APP_VERSION}-${name}`;
}

const options = (): Cookies.CookieAttributes => ({
  expires: COOKIE_DAYS,
  sameSite: 'strict',
  path: '/',
  secure: window.location.protocol === 'https:',
});

export const cookies = {
  get: (name: string): string | undefined => Cookies.get(cookieName(name)),
  set: (name: string, value: string): void => {
    Cookies.set(cookieName(name), value, options());
  },
  remove: (name: string): void => {
    Cookies.remove(cookieName(name), { path: '/' });
  },
};
