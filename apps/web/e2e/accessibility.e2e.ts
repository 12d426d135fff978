/**
 * axe-core (WCAG 2 A and AA) and one look (look.ts: no antd blue, only the college's colours) on
 * every built page at 1280 px and 375 px: the public pages as a visitor, the learner's pages and
 * /course logged in, and the states that only a click shows (an answered question on the answer
 * sheet, the 交卷 confirmation, a practice result). No axe finding of any impact (WCAG 2.0/2.1 A and
 * AA and axe's best practices: landmarks, regions, heading order) and no blue is allowed. Each page is
 * judged again in one high-contrast pair, switched in place (黑底黄字 at 1280 px, 黄底黑字 at 375 px; the
 * care walk in care.e2e.ts takes the other pair at each width), with text at 7:1. The list (routes.ts) is checked against src/pages: a page built without a visit there
 * fails the first test.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { a11yViolations, ACCOUNTS, browserOfThisFile } from './helpers.ts';
import { contrastFindings } from './display.ts';
import { blueFindings } from './look.ts';
import { EXAM, EXAM_LEARNERS, LEARNER, logIn, openVisit, PUBLIC, STUDY, STUDY_LEARNER, TEACHER, type Visit } from './routes.ts';

const browser = browserOfThisFile();

/** axe's findings (of any impact) and the blues of the page as it stands. */
async function findings(page: Page): Promise<string[]> {
  const judge = () => a11yViolations(page, { impacts: 'all', bestPractice: true });
  let violations = await judge();
  // antd fades its parts in; one caught mid-way is judged again once it has settled.
  if (violations.length > 0) {
    await page.waitForTimeout(1_000);
    violations = await judge();
  }
  return [...violations, ...(await blueFindings(page))];
}

/** Judges each page once it has loaded, then each of its states; the findings by address. */
async function judge(size: 'desktop' | 'phone', visits: Visit[], account?: { phone: string; password: string }): Promise<Record<string, string[]>> {
  const { page, close } = await browser.open(size, { bypassCSP: true });
  if (account) await logIn(page, account);
  const found: Record<string, string[]> = {};
  for (const visit of visits) {
    const address = await openVisit(page, visit);
    const seen = await findings(page);
    if (seen.length > 0) found[address] = seen;
    const inContrast = await contrastFindings(page, size === 'desktop' ? 'yellowOnBlack' : 'blackOnYellow');
    if (inContrast.length > 0) found[`${address} in high contrast`] = inContrast;
    for (const state of visit.states ?? []) {
      await state.reach(page);
      const inState = await findings(page);
      if (inState.length > 0) found[`${address} ${state.name}`] = inState;
    }
  }
  await close();
  return found;
}

describe('accessibility and one look of every built page', () => {
  it('the visits cover every page under src/pages', () => {
    const pagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/pages');
    const built = readdirSync(pagesDir, { recursive: true })
      .map(String)
      .filter((f) => path.basename(f) === 'Page.tsx')
      .map((f) => `/${path.dirname(f).split(path.sep).join('/')}`);
    const visited = new Set([...PUBLIC, ...LEARNER, ...STUDY, ...EXAM, ...TEACHER].map((v) => v.route));
    expect([...visited].sort()).toEqual(built.sort());
  });

  for (const size of ['desktop', 'phone'] as const) {
    const width = size === 'desktop' ? 1280 : 375;
    it(`the public pages, as a visitor, at ${width} px`, { timeout: 180_000 }, async () => {
      expect(await judge(size, PUBLIC)).toEqual({});
    });
    it(`the learner's topics, columns, classroom and catalogue, logged in, at ${width} px`, { timeout: 180_000 }, async () => {
      expect(await judge(size, LEARNER, ACCOUNTS.learner)).toEqual({});
    });
    it(`the study pages (video, PDF, topic reading, live, replay), logged in, at ${width} px`, { timeout: 180_000 }, async () => {
      expect(await judge(size, STUDY, STUDY_LEARNER)).toEqual({});
    });
    it(`the exam pages (list, rules, paper, practice), logged in, at ${width} px`, { timeout: 180_000 }, async () => {
      expect(await judge(size, EXAM, EXAM_LEARNERS[size])).toEqual({});
    });
    it(`the teacher's class area, logged in, at ${width} px`, { timeout: 240_000 }, async () => {
      expect(await judge(size, TEACHER, ACCOUNTS.teacher)).toEqual({});
    });
  }
});
