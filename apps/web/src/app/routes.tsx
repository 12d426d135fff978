/**
 * The routes, built from the contract's route table (the browser's router in main.tsx, the server's
 * rendering in entry-server.tsx): every route gets RouteView (title, guard,
 * lazily loaded page). A page lives in src/pages/<route path>/Page.tsx; a route without one yet shows
 * the titled under-construction page (its notice alone inside the area's layout, for a page of the
 * classroom or of class management). Parents with an index child redirect to it. A page that uses
 * antd is loaded inside antd's scope (lazyAntd); the public portal's pages are drawn without antd so
 * that their first screen does not wait for it (ADR 0008).
 */
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { RouteSpec } from '@portal/contract/base';
import { NotFound } from './NotFound.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RouteError } from './RouteError.tsx';
import { PAGES_WITHOUT_ANTD } from './antdFree.ts';
import { lazyAntd } from './lazyAntd.tsx';
import { loadSchemas } from '../api/client.ts';
import { FLAT_ROUTES, type RouteHandle } from './routeSpec.ts';
import { RouteView } from './RouteView.tsx';
import { areaOf } from './areas.ts';
import { UnderConstruction, UnderConstructionNotice } from './UnderConstruction.tsx';
import { PageLoading } from './PageLoading.tsx';

/** The college's administration area (issue 25): its own login and frame, outside the portal's header and footer. */
const AdminApp = lazyAntd(() => import('../admin/AdminApp.tsx'));

const pageModules = import.meta.glob<{ default: ComponentType }>('../pages/**/Page.tsx');

/**
 * A lazily loaded page, with `preload` to fetch its chunks before it is rendered (RouteView, while a
 * stored login is checked) and, for a page drawn without antd, `preloading` (true while they load:
 * RouteView keeps its loading state until then instead of suspending).
 */
export type PageComponent = ComponentType & {
  preload?: () => void;
  preloading?: { get(): boolean; subscribe(listener: () => void): () => void };
  /** Loads the page's module now, so that it renders without suspending (before a server's page is adopted). */
  load?: () => Promise<void>;
};

function pageFor(spec: RouteSpec): PageComponent {
  const load = pageModules[`../pages${spec.path}/Page.tsx`];
  if (load) {
    if (!PAGES_WITHOUT_ANTD.includes(spec.path)) {
      const page: PageComponent = lazyAntd(load);
      page.preload = () => {
        void loadSchemas()
          .then(() => load())
          .catch(() => undefined);
        void import('./AntdScope.tsx').catch(() => undefined);
      };
      return page;
    }
    const Lazy = lazy(load);
    // A page whose module has already loaded renders at once: through lazy() it would suspend for a
    // moment anyway, and React holds back the content that follows a shown fallback by up to 300 ms.
    let loaded: ComponentType | null = null;
    let loading = false;
    const listeners = new Set<() => void>();
    const setLoading = (next: boolean) => {
      loading = next;
      listeners.forEach((l) => l());
    };
    const page: PageComponent = function Page() {
      // Chosen once per mount, so that the page is never remounted when its module arrives.
      const [Loaded] = useState(() => loaded);
      return Loaded ? <Loaded /> : <Lazy />;
    };
    page.load = () =>
      load().then((m) => {
        loaded = m.default;
      });
    // After zod and the envelopes (which the stored login's check is loading too): a page's chunks that
    // use schemas then evaluate in tasks of their own instead of in one task with zod.
    page.preload = () => {
      if (loaded || loading) return;
      setLoading(true);
      void loadSchemas()
        .then(() => page.load!())
        .catch(() => undefined)
        .finally(() => setLoading(false));
    };
    page.preloading = {
      get: () => loading,
      subscribe: (l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    };
    return page;
  }
  if (areaOf(spec.path)) return UnderConstructionNotice;
  return function Placeholder() {
    return <UnderConstruction title={spec.title} />;
  };
}

const pagesByPath = new Map<string, PageComponent>();

function routeObject(spec: RouteSpec): RouteObject {
  const handle: RouteHandle = { spec };
  if (spec.index) return { path: spec.path, handle, element: <Navigate to={`${spec.path}/${spec.index}`} replace /> };
  const Page = pageFor(spec);
  pagesByPath.set(spec.path, Page);
  return { path: spec.path, handle, element: <RouteView spec={spec} Page={Page} /> };
}

/**
 * Loads the module of the page at `pathname` (a page drawn without antd), before React adopts the page the
 * server rendered: adopted while its module was still loading, the page's part of the tree stays the
 * server's until the module is in, and an update that reaches it meanwhile (a study page's login check
 * ending) makes React throw the server's elements away and draw them again.
 */
export function loadPage(pathname: string): Promise<void> {
  return pagesByPath.get(pathname)?.load?.() ?? Promise.resolve();
}

export const routes: RouteObject[] = [
  {
    path: '/admin/*',
    errorElement: <RouteError />,
    element: (
      <Suspense fallback={<PageLoading />}>
        <AdminApp />
      </Suspense>
    ),
  },
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: '/', element: <Navigate to="/index" replace /> },
          ...FLAT_ROUTES.map(routeObject),
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
