import type { AppPortPolicy } from './app-port';

/**
 * What saving or deleting an app needs from the apps' listeners, which run in a higher context
 * (channels/openai-app's runtime): the port policy, one change at a time per app, and whether an
 * app's listener is open. The runtime satisfies it; the app service never imports the runtime.
 */
export interface AppListeners {
  readonly ports: AppPortPolicy;
  exclusive<T>(appId: number, work: () => Promise<T>): Promise<T>;
  isListening(appId: number): boolean;
}
