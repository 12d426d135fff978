/**
 * The routes, built from the contract's route table (the browser's router in main.tsx, the server's
 * rendering in entry-server.tsx): every route gets RouteView (title, guard,
 * lazily loaded page). A page lives in src/pages/<route path>/Page.tsx; a route without one yet shows
 * the titled under-construction page (its notice alone inside the area's layout, for a page of the
 * classroom or of class management). Parents with an index child redirect to it. A page that uses
 * antd is loaded inside antd's scope (lazyAntd); the public portal's pages are drawn without antd so
 * that their first screen does not wait for it (ADR 0008).
 */
import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { RouteSpec } from '@portal/contract/base';
import { NotFound } from './NotFound.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RouteError } from './RouteError.tsx';
import { PAGES_WITHOUT_ANTD } from './antdFree.ts';
import { lazyAntd } from './lazyAntd.tsx';
import { FLAT_ROUTES, type RouteHandle } from './routeSpec.ts';
import { RouteView } from './RouteView.tsx';
import { areaOf } from './areas.ts';
import { UnderConstruction, UnderConstructionNotice } from './UnderConstruction.tsx';

const pageModules = import.meta.glob<{ default: ComponentType }>('../pages/**/Page.tsx');

/** A lazily loaded page, with `preload` to fetch its chunks before it is rendered (RouteView, while a stored login is checked). */
export type PageComponent = ComponentType & { preload?: () => void };

function pageFor(spec: RouteSpec): PageComponent {
  const load = pageModules[`../pages${spec.path}/Page.tsx`];
  if (load) {
    const antd = !PAGES_WITHOUT_ANTD.includes(spec.path);
    const page: PageComponent = antd ? lazyAntd(load) : lazy(load);
    page.preload = () => {
      void load().catch(() => undefined);
      if (antd) void import('./AntdScope.tsx').catch(() => undefined);
    };
    return page;
  }
  if (areaOf(spec.path)) return UnderConstructionNotice;
  return function Placeholder() {
    return <UnderConstruction title={spec.title} />;
  };
}

function routeObject(spec: RouteSpec): RouteObject {
  const handle: RouteHandle = { spec };
  if (spec.index) return { path: spec.path, handle, element: <Navigate to={`${spec.path}/${spec.index}`} replace /> };
  return { path: spec.path, handle, element: <RouteView spec={spec} Page={pageFor(spec)} /> };
}

export const routes: RouteObject[] = [
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
