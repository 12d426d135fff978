/** What a page rendered on the server hands to the browser that adopts it (entry-server.tsx → main.tsx). */
import type { DehydratedState } from '@tanstack/react-query';

/** The id of the script element in which a page rendered on the server carries its state. */
export const SSR_STATE_ID = 'portal-ssr-state';

/** The query answers the page was rendered with, and the instant it was rendered at. */
export interface SsrState extends DehydratedState {
  renderedAt: number;
}

let renderedAt = 0;
/**
 * The instant the server rendered the page: what the header's date is drawn for while React adopts
 * the page, so that the browser draws what the server did (even across midnight), then moves on.
 */
export const renderInstant = () => renderedAt;
export function setRenderInstant(at: number) {
  renderedAt = at;
}
