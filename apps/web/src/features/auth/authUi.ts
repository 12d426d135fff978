/**
 * Which auth modal is open, and where to go after a login that a route guard (or an expired
 * session) asked for. A tiny external store so the api client, the header and route guards can
 * all open the same modals.
 */
import { useSyncExternalStore } from 'react';

export interface AuthUiState {
  login: boolean;
  /** After logging in from a guard: the guarded location instead of the role's landing page. */
  loginTarget: string | null;
  changePassword: boolean;
  noPermission: boolean;
}

let state: AuthUiState = { login: false, loginTarget: null, changePassword: false, noPermission: false };
const listeners = new Set<() => void>();
function set(patch: Partial<AuthUiState>) {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}
function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export const authUi = {
  get: () => state,
  subscribe,
  openLogin: (target: string | null = null) => set({ login: true, loginTarget: target }),
  closeLogin: () => set({ login: false, loginTarget: null }),
  openChangePassword: () => set({ changePassword: true }),
  closeChangePassword: () => set({ changePassword: false }),
  openNoPermission: () => set({ noPermission: true }),
  closeNoPermission: () => set({ noPermission: false }),
};

export function useAuthUi(): AuthUiState {
  return useSyncExternalStore(authUi.subscribe, authUi.get, authUi.get);
}
