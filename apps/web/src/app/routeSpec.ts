/** The route table as the app uses it: every screen of the contract's ROUTES, looked up by path. */
import type { ComponentType } from 'react';
import { flattenRoutes, type RouteSpec } from '@portal/contract/base';

export const FLAT_ROUTES: RouteSpec[] = flattenRoutes();

export function routeOf(path: string): RouteSpec | undefined {
  const clean = path.split(/[?#]/)[0]?.replace(/\/+$/, '') ?? '';
  return FLAT_ROUTES.find((r) => r.path === clean);
}

/** What the router keeps on each route (read back with useMatches). */
export interface RouteHandle {
  spec: RouteSpec;
}

export function isRouteHandle(v: unknown): v is RouteHandle {
  return typeof v === 'object' && v !== null && 'spec' in v;
}

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
