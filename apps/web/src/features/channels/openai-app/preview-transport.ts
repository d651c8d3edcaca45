import { widgetSourceOf } from '@agent-console/contracts';
import { WidgetError, type WidgetErrorKind, type WidgetTransport } from '@agent-console/widget/ui';
import { ApiError } from '../../../platform/api/client';
import { streamAgentChat } from '../../../platform/resources/agent-chat';
import { appInfoApi } from '../../../platform/resources/app-info';

/** The console's refusals the widget has words of its own for. */
const RATE_LIMITED = 'A0501';
const QUOTA_USED_UP = 'A0605';
const NETWORK = 'NETWORK';

/** The console's error in the widget's terms; the widget shows its own words for the kind. */
function widgetError(error: unknown): WidgetError {
  if (!(error instanceof ApiError)) return new WidgetError('server_error', error instanceof Error ? error.message : '');
  if (error.code === RATE_LIMITED) {
    const { retryAfterSeconds } = (error.data ?? {}) as { retryAfterSeconds?: number };
    return new WidgetError('rate_limited', error.message, retryAfterSeconds);
  }
  const kind: WidgetErrorKind =
    error.code === QUOTA_USED_UP ? 'insufficient_quota' : error.code === NETWORK ? 'network' : 'server_error';
  return new WidgetError(kind, error.message);
}

/**
 * How the console's preview of the website widget talks to the app: the widget's greeting from
 * the console's preview route, and each question through the console's own chat (the bubble's
 * endpoint) as the signed-in operator, so the preview works before any web page is allowed and
 * is never recorded as a visitor. One transport is one conversation.
 */
export function previewTransport(app: { id: number; customerId: number }): WidgetTransport {
  let conversationId: number | undefined;
  return {
    async start() {
      try {
        const { name, welcome } = await appInfoApi.widgetPreview(app.id);
        return { name, welcome, visitor: '', turns: [], replies: [] };
      } catch (error) {
        throw widgetError(error);
      }
    },
    async ask(message, { onDelta, signal }) {
      try {
        const done = await streamAgentChat(
          { customerId: app.customerId, appId: app.id, message, ...(conversationId ? { conversationId } : {}) },
          {
            onDelta,
            onConversation: (id) => {
              conversationId = id;
            },
            signal,
          },
        );
        return { needsPerson: done.needsPerson, sources: done.sources.map(widgetSourceOf) };
      } catch (error) {
        if (signal.aborted || (error as Error).name === 'AbortError') throw error;
        throw widgetError(error);
      }
    },
  };
}
