/**
 * The server's rendering of a public page (ADR 0008): the same routes and components as the browser,
 * rendered as a visitor sees them, with the answers of the calls they make. The portal server loads
 * the bundle built from this file (apps/web/dist-ssr) and calls renderPage for /index and /course;
 * main.tsx hydrates what it renders.
 *
 * The calls go through the server's own router (the transport it passes in), never over the network.
 * A page is rendered until it asks for nothing new: each pass fetches the answers the last one asked
 * for (a year list, then its installs, ...) and has the lazily loaded parts the last one waited for,
 * at most MAX_PASSES times. A page that still waits after that is left to the browser: React would
 * finish it with inline scripts, which the portal's content security policy does not run.
 */
import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, QueryClient, type Query } from '@tanstack/react-query';
import type { PortalConfig } from '@portal/contract';
import { setTransport } from './api/client.ts';
import { createQueryClient, Providers } from './app/providers.tsx';
import { routeOf } from './app/routeSpec.ts';
import { routes } from './app/routes.tsx';
import { pageTitle } from './lib/config.ts';
import { setRenderInstant, type SsrState } from './ssrState.ts';

export { SSR_STATE_ID } from './ssrState.ts';

const MAX_PASSES = 4;
const handler = createStaticHandler(routes);

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The query answers and the rendering's instant as JSON, safe inside a script element. */
  state: string;
  /** The document title. */
  title: string;
}

async function toText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  const sink = stream.pipe(new PassThrough());
  for await (const chunk of sink) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** A query the page asked for and nobody has fetched yet (disabled queries wait for the browser). */
function waiting(q: Query): boolean {
  const enabled = (q.options as { enabled?: unknown }).enabled;
  return q.state.status === 'pending' && q.state.fetchStatus === 'idle' && q.options.queryFn !== undefined && enabled !== false;
}

async function renderOnce(client: QueryClient, request: Request): Promise<string | Response> {
  const context = await handler.query(request);
  if (context instanceof Response) return context;
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
    {
      // Complete boundaries stay in place, however large: outlined ones need React's inline scripts.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        console.error('server rendering error', error);
      },
    },
  );
  return toText(prelude);
}

/** `</script>` and friends cannot end the element the state is carried in. */
function scriptSafe(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * Renders `url` (path and query) as a visitor's page. `transport` answers the page's calls (the
 * server's own router). Null when the page does not render as a page (a redirect).
 */
export async function renderPage(url: string, transport: (url: string, init: RequestInit) => Promise<Response>): Promise<RenderedPage | null> {
  setTransport(transport);
  const renderedAt = Date.now();
  setRenderInstant(renderedAt);
  const client = createQueryClient();
  const request = new Request(new URL(url, 'http://portal.local'));
  let html: string | null = null;
  for (let pass = 0; pass < MAX_PASSES && html === null; pass++) {
    const out = await renderOnce(client, request);
    if (typeof out !== 'string') return null;
    const asked = client.getQueryCache().getAll().filter(waiting);
    // `<!--$?-->`: a Suspense boundary that was still waiting when the shell was written.
    if (asked.length === 0 && !out.includes('<!--$?-->')) html = out;
    // A failed call stays in the cache as an error; the page renders its error state, and the browser retries.
    else await Promise.all(asked.map((q) => q.fetch().catch(() => undefined)));
  }
  if (html === null) {
    client.clear();
    return null;
  }
  const spec = routeOf(new URL(url, 'http://portal.local').pathname);
  const config = client.getQueryData<PortalConfig>(['portalConfig']);
  const state: SsrState = { ...dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status === 'success' }), renderedAt };
  client.clear();
  return { html, state: scriptSafe(JSON.stringify(state)), title: pageTitle(spec?.title ?? '', config?.collegeName) };
}
