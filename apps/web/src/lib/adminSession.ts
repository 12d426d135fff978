/**
 * The administrator's session in this tab: kept in sessionStorage, so it ends with the tab
 * and never mixes with the portal's own login (a learner's token in localStorage). The client sends
 * this token for every call whose auth is 'admin' and nothing else.
 */
import type { admin } from '@portal/contract';

type AdminPerson = admin.AdminPerson;

const KEY = 'portal-admin-session';

export interface AdminSessionState {
  token: string;
  person: AdminPerson;
}

function read(): AdminSessionState | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const v = raw ? (JSON.parse(raw) as AdminSessionState) : null;
    return v && typeof v.token === 'string' && v.person && Array.isArray(v.person.roles) ? v : null;
  } catch {
    return null;
  }
}

let state: AdminSessionState | null = typeof sessionStorage === 'undefined' ? null : read();
const listeners = new Set<() => void>();
let lastCallAt = Date.now();

export const adminSession = {
  get: () => state,
  set(next: AdminSessionState | null) {
    state = next;
    lastCallAt = Date.now();
    try {
      if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
      else sessionStorage.removeItem(KEY);
    } catch {
      // Storage blocked: the session lives as long as the page.
    }
    listeners.forEach((l) => l());
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** A call was made with the session: the server's idle clock starts again. */
  touched() {
    lastCallAt = Date.now();
  },
  lastCallAt: () => lastCallAt,
};

let onExpired: () => void = () => undefined;
/** What the area does when the server says the administrator's session is over (back to its login). */
export function setAdminExpiredHandler(handler: () => void) {
  onExpired = handler;
}
let expiredAt = 0;
export function adminSessionExpired() {
  expiredAt = Date.now();
  onExpired();
  adminSession.set(null);
}
/** Whether the session just ended on the server's word (the login then says why). */
export const adminSessionJustExpired = () => Date.now() - expiredAt < 5000;
