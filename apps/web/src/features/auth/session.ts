/**
 * The login state of SPEC.md section 4: a stored token plus the session person fetched from the
 * server. Logging in stores the token, fetches getSessionPerson (a null person means logged out),
 * records loginSuccess; a reload restores the session the same way; logout clears everything.
 */
import { useSyncExternalStore } from 'react';
import type { SessionPerson } from '@portal/contract';
import { auth, person } from '@portal/contract/refs';
import { call, CallError, sessionEnding, showError } from '../../api/client.ts';
import { EMPTY, EXAM_QUEUE_KEY, storage, STUDY_QUEUE_KEY, type StoredState } from '../../lib/storage.ts';

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

/** Ends the session on the server (best effort) and clears the token, the person and all local storage. */
export async function logout(): Promise<void> {
  try {
    // Credited study time still waiting on this device goes to the server before local storage is cleared.
    if (storage.get().token && localStorage.getItem(STUDY_QUEUE_KEY)) {
      const { reportSender } = await import('../study/sender.ts');
      await reportSender().flush().catch((err: unknown) => console.warn('study reports not sent before logout', err));
    }
    // Likewise exam answers given offline.
    if (storage.get().token && localStorage.getItem(EXAM_QUEUE_KEY)) {
      const { answerSender } = await import('../exam/answerQueue.ts');
      await answerSender().flush().catch((err: unknown) => console.warn('exam answers not sent before logout', err));
    }
    const token = storage.get().token;
    if (token) {
      // From here a 401 for this token is the logout's, not an expiry (queries of the page may still be in flight).
      sessionEnding(token);
      await call(auth.logout);
    }
  } catch (err) {
    if (err instanceof CallError && err.kind === 'business') console.warn('logout refused', err.message);
  } finally {
    storage.clearAll();
  }
}
