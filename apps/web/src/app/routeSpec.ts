/** The route table as the app uses it: every screen of the contract's ROUTES, looked up by path. */
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
