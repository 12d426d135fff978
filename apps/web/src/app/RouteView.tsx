/**
 * One screen of the route table: sets the page title, applies decideRoute (login → the login
 * modal and a 请先登录 panel; noPermission → the no-permission modal, page withheld) and renders the
 * page, lazily loaded; a page of an area (the classroom, class management) inside the area's layout.
 */
import { lazy, Suspense, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { LockOutlined, StopOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { decideRoute, HYDRATED_EVENT, MSG, type RouteDecision, type RouteSpec } from '@portal/contract/base';
import { authUi } from '../features/auth/authUi.ts';
import { useSession } from '../features/auth/session.ts';
import { pageTitle, usePortalConfig } from '../lib/config.ts';
import { areaOf } from './areas.ts';
import { PageLoading } from './PageLoading.tsx';
import type { PageComponent } from './routes.tsx';
import { StatusPanel } from './StatusPanel.tsx';
import { PreviewContext } from './preview.ts';

const AreaLayout = lazy(() => import('./AreaLayout.tsx'));

export function useDocumentTitle(title: string) {
  const { config } = usePortalConfig();
  useEffect(() => {
    document.title = pageTitle(title, config?.collegeName);
  }, [title, config?.collegeName]);
}

let announced = false;

/**
 * Tells the page (once) that the web app has taken it over: the server's boot script then presses again
 * a button pressed before (bootScript.ts), and main.tsx lets Back and Forward through to the router.
 *
 * Announced when the page's own content has committed, not when the app's root has: React adopts the
 * content of a Suspense boundary in a later pass than the root, and a press on a button it has not yet
 * adopted is dropped (a 清除 pressed early was lost; a 搜索 fell through to the browser's own form
 * submit and reloaded the page). An effect of a wrapper with one child: it changes no useId of the page.
 */
function AnnounceTakeover({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (announced) return;
    announced = true;
    document.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return children;
}

const NOT_PRELOADING = { get: () => false, subscribe: () => () => undefined };
const never = () => () => undefined;

export function RouteView({ spec, Page }: { spec: RouteSpec; Page: PageComponent }) {
  useDocumentTitle(spec.title);
  const { person, restoring } = useSession();
  // While a stored login is checked, the page's chunks load beside the check instead of after it;
  // the loading state stays until they are in, so that the page then renders without suspending.
  useEffect(() => {
    if (restoring) Page.preload?.();
  }, [restoring, Page]);
  const preloads = Page.preloading ?? NOT_PRELOADING;
  const preloading = useSyncExternalStore(preloads.subscribe, preloads.get, () => false);
  const location = useLocation();
  const target = `${location.pathname}${location.search}`;
  // True on the server and while the browser adopts its page (the server's snapshot), false after.
  // Then a page behind a login is not decided yet: the server rendered a visitor's request, and the
  // browser may hold a login that has not been checked.
  const adopting = useSyncExternalStore(never, () => false, () => true);
  const decision = restoring || (adopting && decideRoute(spec, null) !== 'allow') ? 'wait' : decideRoute(spec, person);

  // Act when a route is entered (or its answer changes), not when the person logs out while on it:
  // logout leaves for /index, and an expired session opens the login modal from the api client.
  const acted = useRef<{ target: string; decision: RouteDecision } | null>(null);
  useEffect(() => {
    if (decision === 'wait') return;
    const before = acted.current;
    acted.current = { target, decision };
    const samePage = before?.target === target;
    if (samePage && before.decision === decision) return;
    if (decision === 'login' && !(samePage && before.decision !== 'login')) authUi.openLogin(target);
    if (decision === 'noPermission') authUi.openNoPermission();
  }, [decision, target]);

  // A page with a public part shows it while the login is checked (ADR 0047); its chunks, if not yet in,
  // suspend it in its own boundary (on the server's page: the rendered part stays until they are in).
  if (!spec.preview && (decision === 'wait' || (preloading && decision === 'allow'))) return <PageLoading />;
  // Announced here too: a study page rendered on the server (its public part) is replaced by these
  // before React has adopted it, and without the announcement every press on the page would wait for it.
  if (decision === 'login') {
    return (
      <AnnounceTakeover>
        <div className="page-container">
          <StatusPanel icon={<LockOutlined />} title={MSG.notLoggedIn} text={`“${spec.title}”需要登录后才能访问。`}>
            <button type="button" className="btn btn-primary" onClick={() => authUi.openLogin(target)}>
              立即登录
            </button>
          </StatusPanel>
        </div>
      </AnnounceTakeover>
    );
  }
  if (decision === 'noPermission') {
    return (
      <AnnounceTakeover>
        <div className="page-container">
          <StatusPanel icon={<StopOutlined />} title="无法访问该栏目" text={`您的账号不能使用“${spec.title}”。`}>
            <Link to="/index" className="status-link">
              返回首页
            </Link>
          </StatusPanel>
        </div>
      </AnnounceTakeover>
    );
  }
  const page = (
    <Suspense fallback={<PageLoading />}>
      <AnnounceTakeover>
        {spec.preview ? (
          <PreviewContext value={decision === 'wait'}>
            <Page />
          </PreviewContext>
        ) : (
          <Page />
        )}
      </AnnounceTakeover>
    </Suspense>
  );
  const area = areaOf(spec.path);
  if (!area) return page;
  // The layout stays while the next page of the area loads: only its content waits.
  return (
    <Suspense fallback={<PageLoading />}>
      <AreaLayout area={area} title={spec.title}>
        {page}
      </AreaLayout>
    </Suspense>
  );
}
