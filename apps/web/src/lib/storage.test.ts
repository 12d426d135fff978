// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DISPLAY_SETTINGS_KEY, STORAGE_KEY } from '@portal/contract/base';

const person = {
  personNo: 'S0001',
  personName: '张伟',
  personId: 1,
  personType: 1,
  userPic: '',
  nationName: '汉族',
  gender: 0,
  positionLevelId: 3,
  positionLevelName: '三级主任科员',
  organName: '省发展改革委',
  explain: '',
  createuser: '',
};

async function freshStorage() {
  vi.resetModules();
  return (await import('./storage.ts')).storage;
}

describe('storage (featurewebstorage)', () => {
  beforeEach(() => localStorage.clear());

  it('keeps token, userInfo, loginState and loginPhone under the single key', async () => {
    const storage = await freshStorage();
    storage.update({ token: 't'.repeat(40), loginPhone: '13800000001' });
    storage.update({ userInfo: person, loginState: true });
    expect(Object.keys(localStorage)).toEqual([STORAGE_KEY]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}')).toEqual({
      token: 't'.repeat(40),
      userInfo: person,
      loginState: true,
      loginPhone: '13800000001',
    });
  });

  it('reads the record back after a reload', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ token: 'abc', userInfo: person, loginState: true, loginPhone: '13800000001' }));
    const storage = await freshStorage();
    expect(storage.get()).toEqual({ token: 'abc', userInfo: person, loginState: true, loginPhone: '13800000001' });
  });

  it('treats a damaged record as logged out', async () => {
    localStorage.setItem(STORAGE_KEY, '{not json');
    const storage = await freshStorage();
    expect(storage.get()).toEqual({ token: null, userInfo: null, loginState: false, loginPhone: null });
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ token: 5, userInfo: { personName: 1 } }));
    storage.reload();
    expect(storage.get().token).toBeNull();
    expect(storage.get().userInfo).toBeNull();
  });

  it('clearSession drops the token and the person but keeps the login phone', async () => {
    const storage = await freshStorage();
    storage.update({ token: 'abc', userInfo: person, loginState: true, loginPhone: '13800000001' });
    storage.clearSession();
    expect(storage.get()).toEqual({ token: null, userInfo: null, loginState: false, loginPhone: '13800000001' });
  });

  it('clearAll (logout) empties all local storage and notifies subscribers', async () => {
    const storage = await freshStorage();
    localStorage.setItem('other', 'x');
    storage.update({ token: 'abc', userInfo: person, loginState: true });
    const seen = vi.fn();
    storage.subscribe(seen);
    storage.clearAll();
    expect(localStorage.length).toBe(0);
    expect(storage.get().token).toBeNull();
    expect(seen).toHaveBeenCalled();
  });

  it('clearAll keeps the device’s display settings (关怀版, the toolbar’s): they are the device’s, not the person’s', async () => {
    const storage = await freshStorage();
    localStorage.setItem(DISPLAY_SETTINGS_KEY, '{"care":true}');
    localStorage.setItem('other', 'x');
    storage.clearAll();
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem(DISPLAY_SETTINGS_KEY)).toBe('{"care":true}');
  });
});
