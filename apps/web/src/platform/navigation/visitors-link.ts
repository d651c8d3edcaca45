/** The App info address parameter that opens an app's widget drawer on its visitors waiting for a person. */
export const VISITORS_WAITING_PARAM = 'visitorsWaiting';

/** App info, filtered to one app, with its widget drawer open on the visitors waiting for a person (Home links here). */
export function visitorsWaitingLink(app: { appId: number; appCode: string }): string {
  return `/app/info?keyword=${encodeURIComponent(app.appCode)}&${VISITORS_WAITING_PARAM}=${app.appId}`;
}
