import { describe, expect, it } from 'vitest';
import * as contract from './index.ts';
import * as refs from './refs.ts';

/** Every calls module the contract exports (found, not listed: a new one without references fails below). */
const GROUPS = Object.entries(contract)
  .filter(([, value]) => typeof value === 'object' && value !== null && Object.values(value).some((v) => contract.isCallDef(v)))
  .map(([group]) => group) as (keyof typeof refs & keyof typeof contract)[];

describe('call references (refs.ts)', () => {
  it('every call of the contract has a reference with its name, method, path, envelope and access, and no schema', () => {
    expect(GROUPS.length).toBeGreaterThanOrEqual(6);
    let count = 0;
    for (const group of GROUPS) {
      expect(refs[group], `references of the calls module ${group}`).toBeDefined();
      for (const [key, value] of Object.entries(contract[group] as Record<string, unknown>)) {
        if (!contract.isCallDef(value)) continue;
        count++;
        const ref = (refs[group] as Record<string, unknown>)[key];
        expect(ref, `${group}.${key}`).toEqual({
          group,
          key,
          name: value.name,
          method: value.method,
          path: value.path,
          envelope: value.envelope,
          auth: value.auth,
          ...(value.upload ? { upload: value.upload } : {}),
          ...(value.binary ? { binary: value.binary } : {}),
        });
      }
    }
    expect(count).toBeGreaterThan(50);
  });

  it("keeps the calls modules' constants and leaves their schemas out", () => {
    expect(refs.catalog.COURSE_SORTS).toEqual(contract.catalog.COURSE_SORTS);
    expect(refs.auth.WECHAT_STATUS).toEqual(contract.auth.WECHAT_STATUS);
    expect('progressReport' in refs.learning).toBe(false);
    expect('sessionPerson' in refs.person || 'portalConfig' in refs.person).toBe(false);
  });

  it('is plain data: the web build sends it as JSON (apps/web/vite.config.ts), unchanged by the round trip', () => {
    for (const group of GROUPS) expect(JSON.parse(JSON.stringify(refs[group]))).toEqual(refs[group]);
  });
});
