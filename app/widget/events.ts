import { normalizeOrigin, WIDGET_MESSAGE_SOURCE, type WidgetEvent } from '../../core/widget/config.ts';

/** What the widget may tell its embedding page: the public events and its height. */
export type WidgetMessageType = WidgetEvent | 'resize';

/**
 * The origin the widget posts to: the one it was told (`origin`, set by the web component), else
 * the embedding page's origin from the referrer (a plain iframe). Null when it is not framed or
 * the embedder is unknown: then nothing is posted (never to `*`).
 */
export function embedderOrigin(told: string | null, referrer: string, framed: boolean): string | null {
  if (!framed) return null;
  if (told) return normalizeOrigin(told);
  if (!referrer) return null;
  try {
    return normalizeOrigin(new URL(referrer).origin);
  } catch {
    return null;
  }
}

/** Posts one message to the embedding page, to its origin only. */
export function postToEmbedder(
  origin: string | null,
  type: WidgetMessageType,
  payload: Record<string, unknown> = {},
): void {
  if (!origin || typeof window === 'undefined' || window.parent === window) return;
  window.parent.postMessage({ source: WIDGET_MESSAGE_SOURCE, type, payload }, origin);
}
