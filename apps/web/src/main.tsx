import './vendor/reactEager.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { hydrate } from '@tanstack/react-query';
import { createQueryClient, Providers } from './app/providers.tsx';
import { loadPage, routes } from './app/routes.tsx';
import { HYDRATED_EVENT } from '@portal/contract/base';
import { holdPopstate } from './app/holdPopstate.ts';
import { setRenderInstant, SSR_STATE_ID, type SsrState } from './ssrState.ts';
import { display } from './lib/display.ts';
import { askStudyAhead } from './features/study/ahead.ts';
import './app/layout.css';
import './app/display.css';

// 关怀版 and the toolbar's settings mark the root before React draws anything (a page rendered on the
// server was marked by its head script already: this is the same mark).
display.markRoot();

// A study page's course and progress are asked for now, beside the stored login's check.
askStudyAhead(window.location);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A page rendered on the server (/index, /course: ADR 0008) carries the answers it was rendered with.
// They fill the query cache, stamped with this browser's clock (so that each query's own staleTime,
// 30 s or more on these pages, counts from now and nothing is asked again at once), and React adopts
// the server's HTML instead of drawing it again. Only if the address is still the one it was rendered
// for: the scripts start after the page has loaded (ADR 0009), and by then Back may have moved the
// address on (after a reload, to an entry of the same document); then the page is drawn anew.
const serverState = document.getElementById(SSR_STATE_ID);
const adopt = !!serverState?.textContent && serverState.dataset.url === `${window.location.pathname}${window.location.search}`;

// Until the adoption is committed (Providers then announces HYDRATED_EVENT), Back and Forward are held
// back from the router (holdPopstate.ts). Announced by an event, not by a component of its own beside
// the router: an extra child would change every useId of the page against the server's HTML.
if (adopt) {
  const popstateHold = holdPopstate();
  document.addEventListener(HYDRATED_EVENT, () => popstateHold.release(), { once: true });
}

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);
const app = (
  <StrictMode>
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);

if (serverState?.textContent) {
  const state = JSON.parse(serverState.textContent) as SsrState;
  setRenderInstant(state.renderedAt);
  const now = Date.now();
  for (const q of state.queries) q.state.dataUpdatedAt = now;
  hydrate(queryClient, state);
}
if (adopt) {
  // With the page's own module in (routes.tsx loadPage): React adopts the whole page in one pass.
  void loadPage(window.location.pathname)
    .catch((err: unknown) => console.error(err))
    .finally(() =>
      startTransition(() => {
        hydrateRoot(root, app);
      }),
    );
} else {
  // The first render as a transition: React renders it in slices and yields to the browser between
  // them, instead of one long task that blocks input while the first screen is built.
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(app);
  });
}
