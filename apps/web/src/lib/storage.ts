/**
 * The browser-local record of SPEC.md section 3: token, userInfo, loginState and loginPhone, kept
 * together as JSON under the single localStorage key featurewebstorage, with change notification
 * so React can subscribe (useSyncExternalStore).
 */
import type { SessionPerson } from '@portal/contract';
import { DISPLAY_SETTINGS_KEY, STORAGE_KEY } from '@portal/contract/base';

export interface StoredState {
  token: string | null;
  userInfo: SessionPerson | null;
  loginState: boolean;
  loginPhone: string | null;
}

/** Nothing stored: a visitor. Also what a page rendered on the server assumes (useSession's server snapshot). */
export const EMPTY: StoredState = { token: null, userInfo: null, loginState: false, loginPhone: null };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

function isPerson(v: unknown): v is SessionPerson {
  return isRecord(v) && typeof v.personId === 'number' && typeof v.personType === 'number' && typeof v.personName === 'string';
}

function read(): StoredState {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!isRecord(parsed)) return EMPTY;
    return {
      token: text(parsed.token),
      userInfo: isPerson(parsed.userInfo) ? parsed.userInfo : null,
      loginState: parsed.loginState === true,
      loginPhone: text(parsed.loginPhone),
    };
  } catch {
    // Unreadable or blocked storage behaves as a logged-out browser.
    return EMPTY;
  }
}

let state: StoredState = read();
const listeners = new Set<() => void>();

function write(next: StoredState) {
  state = next;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // A private window may refuse writes; the session then lasts as long as the page.
  }
  listeners.forEach((l) => l());
}

/** Study progress reports waiting to be sent (features/study); kept apart from featurewebstorage so a report survives a reload. */
export const STUDY_QUEUE_KEY = 'studyReportQueue';
/** Exam answers waiting to be sent (features/exam), kept apart for the same reason. */
export const EXAM_QUEUE_KEY = 'examAnswerQueue';
/** The learner's 标记 on exam questions, by attempt (features/exam/flags.ts). */
export const EXAM_FLAGS_KEY = 'examFlags';
/** The college's certificate public key, for checking QR signatures offline (features/certificate/publicKey.ts). */
export const CERTIFICATE_KEY_KEY = 'certificatePublicKey';

export const storage = {
  get: (): StoredState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  update(patch: Partial<StoredState>) {
    write({ ...state, ...patch });
  },
  /** The session is over (expired or revoked): forget the token and the person, keep nothing that implies a login. */
  clearSession() {
    write({ ...state, token: null, userInfo: null, loginState: false });
  },
  /** Logout: the token, the user info and all local storage go, except the device's display settings (关怀版, the toolbar's: lib/display.ts). */
  clearAll() {
    try {
      const display = localStorage.getItem(DISPLAY_SETTINGS_KEY);
      localStorage.clear();
      if (display !== null) localStorage.setItem(DISPLAY_SETTINGS_KEY, display);
    } catch {
      // Nothing stored that could be cleared.
    }
    state = EMPTY;
    listeners.forEach((l) => l());
  },
  /** Re-read after another tab changed the record. */
  reload() {
    state = read();
    listeners.forEach((l) => l());
  },
};
