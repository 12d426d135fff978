/**
 * The login state of SPEC.md section 4: a stored token plus the session person fetched from the
 * server. Logging in stores the token, fetches getSessionPerson (a null person means logged out),
 * records loginSuccess; a reload restores the session the same way; logout (features/auth/logout.ts, as it first sends
 * the device's queued study reports and exam answers) clears everything.
 */
import { useSyncExternalStore } from 'react';
import type { SessionPerson } from '@portal/contract';
import { person } from '@portal/contract/refs';
import { call, CallError, showError } from './client.ts';
import { EMPTY, storage, type StoredState } from '../lib/storage.ts';

export type LoginType = (typeof person.LOGIN_TYPES)[number];

/** True while a stored token waits for its person on start; guards wait instead of deciding. */
let restoring = storage.get().token !== null;
const restoringListeners = new Set<() => void>();
function setRestoring(v: boolean) {
  restoring = v;
  restoringListeners.forEach((l) => l());
}

export interface Session {
  token: string | null;
  person: SessionPerson | null;
  loginPhone: string | null;
  loggedIn: boolean;
  restoring: boolean;
}

/**
 * The session. A page rendered on the server is a visitor's page: while it is hydrated the session
 * is a visitor's too (the server snapshots), and the stored login takes over right after.
 */
export function useSession(): Session {
  const s: StoredState = useSyncExternalStore(storage.subscribe, storage.get, () => EMPTY);
  const r = useSyncExternalStore(
    (l) => {
      restoringListeners.add(l);
      return () => restoringListeners.delete(l);
    },
    () => restoring,
    () => false,
  );
  return { token: s.token, person: s.userInfo, loginPhone: s.loginPhone, loggedIn: s.token !== null && s.userInfo !== null, restoring: r };
}

/** Fetches the session person; null (no valid session) resets to logged out. */
export async function refreshPerson(): Promise<SessionPerson | null> {
  const p = await call(person.getSessionPerson);
  if (p) storage.update({ userInfo: p, loginState: true });
  else storage.clearSession();
  return p;
}

/** On start: a stored token is checked against the server before anything depends on it. */
export async function restoreSession(): Promise<void> {
  if (!storage.get().token) {
    setRestoring(false);
    return;
  }
  try {
    await refreshPerson();
  } catch (err) {
    // A 401 already cleared the session; on a network failure the stored person stays until the next call.
    if (err instanceof CallError && err.kind === 'business') storage.clearSession();
  } finally {
    setRestoring(false);
  }
}

/**
 * After any login: store the token and phone, fetch the person, record loginSuccess.
 * Answers the person, or null when the server has no person for the token.
 */
export async function completeLogin(token: string, phone: string, loginType: LoginType): Promise<SessionPerson | null> {
  storage.update({ token, loginPhone: phone, userInfo: null, loginState: false });
  let p: SessionPerson | null;
  try {
    p = await refreshPerson();
  } catch (err) {
    // Without its person the token is no login: back to logged out, the form says why.
    storage.clearSession();
    throw err;
  }
  if (!p) return null;
  try {
    await call(person.loginSuccess, { body: { mobilePhone: phone, loginType, userType: p.personType } });
  } catch (err) {
    // The login itself stands; a failed record is reported but does not undo it.
    showError(err, 'warning');
  }
  return p;
}
