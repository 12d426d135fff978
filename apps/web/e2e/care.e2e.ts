/**
 * 关怀版 and the accessibility toolbar (issue 27) in the browser: care mode on every public route
 * measured from computed styles; the screenshots the README shows.
 */
import { describe, expect, it } from 'vitest';
import { browserOfThisFile } from './helpers.ts';
import { measureCare, storeDisplay } from './display.ts';
import { openVisit, PUBLIC } from './routes.ts';

const browser = browserOfThisFile();
const SHOTS = process.env.CARE_SHOTS ?? '';

describe('关怀版 on every route', () => {
  for (const size of ['desktop', 'phone'] as const) {
    const width = size === 'desktop' ? 1280 : 375;
    it(`the public pages in care mode at ${width} px: no sideways scroll, text ≥ 18 px, targets ≥ 44 px`, { timeout: 240_000 }, async () => {
      const { page, close } = await browser.open(size);
      await storeDisplay(page, { care: true });
      const found: Record<string, unknown> = {};
      for (const visit of PUBLIC) {
        const address = await openVisit(page, visit);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/care${address.replace(/[/?=&]/g, '_')}-${width}.png`, fullPage: false });
        const m = await measureCare(page);
        if (m.sideways > 0 || m.smallText.length || m.tightLines.length || m.smallTargets.length) found[address] = m;
      }
      await close();
      expect(found).toEqual({});
    });
  }
});
