import { WIDGET_SCRIPT_PATH } from '@agent-console/contracts';

/**
 * Where a browser or a client reaches an app's own listener: the host the console is opened on,
 * with the app's port (the listener binds beside the console). `http://shop.example:9001`.
 */
export function appAddress(port: number): string {
  return `http://${window.location.hostname}:${port}`;
}

/** The website widget's script tag for an app, as a page carries it (the key on a line of its own, to read). */
export function widgetScriptTag(port: number, widgetKey: string): string {
  return `<script src="${appAddress(port)}${WIDGET_SCRIPT_PATH}"\n  data-key="${widgetKey}" async></script>`;
}
