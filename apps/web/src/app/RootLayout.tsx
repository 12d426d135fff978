/**
 * The frame of every page: header and footer (hidden on bare routes such as /exam), the page, and
 * the auth modals. On mount it restores a stored session, wires the client's 401 handling to the
 * login modal, and fades out the loading overlay of index.html.
 */
import { useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { LOADING_FADE_MS } from '@portal/contract/base';
import { setUnauthorizedHandler } from '../api/client.ts';
import { authUi } from '../features/auth/authUi.ts';
import { AuthModals } from '../features/auth/AuthModals.tsx';
import { restoreSession } from '../features/auth/session.ts';
import { display } from '../lib/display.ts';
import { storage } from '../lib/storage.ts';
import { SSR_STATE_ID } from '../ssrState.ts';
import { ReadingAids } from '../features/display/ReadingAids.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { markStoredMenu } from './menu.ts';
import { isRouteHandle } from './routeSpec.ts';

/** The first screen is drawn: the loading overlay of index.html fades out (the portal and the administration area). */
export function hideLoadingOverlay() {
  const overlay = document.getElementById('app-loading');
  if (!overlay) return;
  overlay.style.transitionDuration = `${LOADING_FADE_MS}ms`;
  overlay.classList.add('app-loading-done');
  setTimeout(() => overlay.remove(), LOADING_FADE_MS);
}

let started = false;
function startOnce() {
  if (started) return;
  started = true;
  setUnauthorizedHandler(() => {
    storage.clearSession();
    authUi.openLogin(`${window.location.pathname}${window.location.search}`);
  });
  // Another tab logged in or out, or changed the display settings: follow it.
  window.addEventListener('storage', () => {
    storage.reload();
    display.reload();
  });
  markStoredMenu(() => storage.get().userInfo, storage.subscribe);
  // Whenever a person is (again) logged in here, the display settings of their account take over.
  let syncedFor: number | null = null;
  const syncDisplay = () => {
    const who = storage.get().userInfo?.personId ?? null;
    if (who === syncedFor) return;
    syncedFor = who;
    if (who !== null) void display.syncWithAccount().catch((err: unknown) => console.warn('display settings of the account not read', err));
  };
  storage.subscribe(syncDisplay);
  void restoreSession().then(syncDisplay);
}

/** True in a browser that opened a page rendered on the server (ADR 0008). */
const openedRendered = () => typeof document !== 'undefined' && document.getElementById(SSR_STATE_ID) !== null;

/**
 * Scroll restoration, except on a page that came rendered from the server until the first navigation:
 * the visitor may have scrolled it before it was hydrated, and must not be sent back to the top.
 */
function useScrollRestorationWanted(): boolean {
  const location = useLocation();
  const first = useRef(location.key);
  const [wanted, setWanted] = useState(() => !openedRendered());
  useEffect(() => {
    if (location.key !== first.current) setWanted(true);
  }, [location.key]);
  return wanted;
}

export function RootLayout() {
  const matches = useMatches();
  const scrollRestoration = useScrollRestorationWanted();
  const bare = matches.some((m) => isRouteHandle(m.handle) && m.handle.spec.bare === true);

  useEffect(() => {
    startOnce();
    hideLoadingOverlay();
  }, []);

  return (
    <div className={bare ? 'app app-bare' : 'app'}>
      <a className="skip-link" href="#main">
        跳到主要内容
      </a>
      {bare ? null : <Header />}
      <main id="main" className="app-main">
        <Outlet />
      </main>
      {bare ? null : <Footer />}
      <AuthModals />
      <ReadingAids />
      {scrollRestoration ? <ScrollRestoration /> : null}
    </div>
  );
}
