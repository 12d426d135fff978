/**
 * The display settings of 关怀版 and the accessibility toolbar (issue 27): one record, kept in this
 * browser (DISPLAY_SETTINGS_KEY, which a logout keeps: it is the device's way of showing pages) and, for
 * a logged-in person, on the account, so that they follow the person to another browser. Every change
 * marks the page's root (markDisplay, the same function the head script of a server-rendered page runs
 * before its first paint); the styles and antd's theme follow the marks.
 */
import { useSyncExternalStore } from 'react';
import { CONTRASTS, DISPLAY_SETTINGS_KEY, markDisplay, READING_GUIDES, ZOOM_STEPS } from '@portal/contract/base';
import type { DisplaySettings } from '@portal/contract';
import { person } from '@portal/contract/refs';
import { quietCall } from '../api/client.ts';
import { storage } from './storage.ts';

export const STANDARD: DisplaySettings = { care: false, zoom: 1, contrast: 'none', bigCursor: false, guide: 'none', readAloud: false, plain: false };

/** A stored record as settings: anything that is not one of the toolbar's choices reads as standard. */
export function displayOf(raw: unknown): DisplaySettings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const one = <T,>(list: readonly T[], v: unknown, fallback: T): T => (list.includes(v as T) ? (v as T) : fallback);
  return {
    care: r.care === true,
    zoom: one(ZOOM_STEPS, r.zoom, 1),
    contrast: one(CONTRASTS, r.contrast, 'none'),
    bigCursor: r.bigCursor === true,
    guide: one(READING_GUIDES, r.guide, 'none'),
    readAloud: r.readAloud === true,
    plain: r.plain === true,
  };
}

function readStored(): DisplaySettings {
  try {
    return displayOf(JSON.parse(localStorage.getItem(DISPLAY_SETTINGS_KEY) ?? 'null'));
  } catch {
    return STANDARD;
  }
}

let current: DisplaySettings = typeof localStorage === 'undefined' ? STANDARD : readStored();
const listeners = new Set<() => void>();

function adopt(next: DisplaySettings) {
  current = next;
  try {
    localStorage.setItem(DISPLAY_SETTINGS_KEY, JSON.stringify(next));
  } catch {
    // Storage blocked: the settings hold for this page.
  }
  markDisplay(document.documentElement, next);
  listeners.forEach((l) => l());
}

export const display = {
  get: (): DisplaySettings => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A change from the header's switch or the toolbar: here at once, and on the account of a logged-in person. */
  set(patch: Partial<DisplaySettings>) {
    const next = { ...current, ...patch };
    adopt(next);
    if (storage.get().token) void quietCall(person.saveDisplaySettings, { body: next }).catch((err: unknown) => console.warn('display settings not saved on the account', err));
  },
  /** Before the first render of a page drawn in the browser (the server's pages are marked by their head script). */
  markRoot() {
    markDisplay(document.documentElement, current);
  },
  /**
   * After a login or a restored session: the account's settings win (the person set them up on another
   * computer); an account that never saved any takes this browser's, if they are not the standard ones.
   */
  async syncWithAccount() {
    const saved = await quietCall(person.getDisplaySettings);
    if (saved) {
      if (JSON.stringify(displayOf(saved)) !== JSON.stringify(current)) adopt(displayOf(saved));
    } else if (JSON.stringify(current) !== JSON.stringify(STANDARD)) {
      await quietCall(person.saveDisplaySettings, { body: current });
    }
  },
  /** Another tab changed them. */
  reload() {
    const next = readStored();
    if (JSON.stringify(next) !== JSON.stringify(current)) adopt(next);
  },
};

/** The settings, for a component; a page rendered on the server is drawn standard while it is hydrated (its root is already marked). */
export function useDisplay(): DisplaySettings {
  return useSyncExternalStore(display.subscribe, display.get, () => STANDARD);
}
