/**
 * Every built page on a 375 px phone: the page never scrolls sideways, and no text covers other
 * text. The lists a learner uses on the phone show their rows as cards, and /study puts the video,
 * the chapters and the notes before the comments.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ACCOUNTS, browserOfThisFile, eventually } from './helpers.ts';
import { EXAM, EXAM_LEARNERS, LEARNER, logIn, openVisit, PUBLIC, STUDY, TEACHER, type Visit } from './routes.ts';

const browser = browserOfThisFile();

/** Learners nobody else's test logs in as (a study session and an exam attempt are theirs alone). */
const STUDY_PHONE_LEARNER = { phone: '13900010057', password: 'Study@2026' };

/**
 * Pairs of visible text that overlap by more than 2 px both ways, as "text A ⟂ text B". Each text
 * node's line boxes count (not its element's box, which a block stretches over empty space); text
 * inside a fixed or sticky bar (over the page by design), text clipped away by a scroll box or
 * nested in the other's element are left out.
 */
function overlappingTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    interface Piece {
      el: Element;
      text: string;
      rects: { l: number; t: number; r: number; b: number }[];
    }
    const pieces: Piece[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const el = node.parentElement;
      if (!text || !el || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      let clip = { l: -Infinity, t: -Infinity, r: Infinity, b: Infinity };
      let overBar = false;
      for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.position === 'fixed' || style.position === 'sticky') overBar = true;
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
          const box = a.getBoundingClientRect();
          clip = { l: Math.max(clip.l, box.left), t: Math.max(clip.t, box.top), r: Math.min(clip.r, box.right), b: Math.min(clip.b, box.bottom) };
        }
      }
      if (overBar) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()]
        .map((r) => ({ l: Math.max(r.left, clip.l), t: Math.max(r.top, clip.t), r: Math.min(r.right, clip.r), b: Math.min(r.bottom, clip.b) }))
        .filter((r) => r.r - r.l > 2 && r.b - r.t > 2);
      if (rects.length > 0) pieces.push({ el, text: text.slice(0, 30), rects });
    }
    const found: string[] = [];
    for (let i = 0; i < pieces.length; i++) {
      for (let j = i + 1; j < pieces.length; j++) {
        const a = pieces[i]!;
        const b = pieces[j]!;
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const hit = a.rects.some((x) => b.rects.some((y) => Math.min(x.r, y.r) - Math.max(x.l, y.l) > 2 && Math.min(x.b, y.b) - Math.max(x.t, y.t) > 2));
        if (hit) found.push(`${a.text} ⟂ ${b.text}`);
      }
    }
    return found;
  });
}

/** What is wrong with the page at 375 px: a sideways scroll and overlapping text. */
async function phoneFindings(page: Page): Promise<string[]> {
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  return [...(width > 375 ? [`scrolls sideways: ${width} px wide`] : []), ...(await overlappingTexts(page))];
}

/** The findings of each page at 375 px, by address. */
async function judge(visits: Visit[], account?: { phone: string; password: string }): Promise<Record<string, string[]>> {
  const { page, close } = await browser.open('phone');
  if (account) await logIn(page, account);
  const found: Record<string, string[]> = {};
  for (const visit of visits) {
    const address = await openVisit(page, visit);
    let findings = await phoneFindings(page);
    // antd fades and slides its parts in; a page caught mid-way is judged again once it has settled.
    if (findings.length > 0) {
      await page.waitForTimeout(1_000);
      findings = await phoneFindings(page);
    }
    if (findings.length > 0) found[address] = findings;
  }
  await close();
  return found;
}


/** The learner's lists that are used on the phone, and the class of each row's card there. */
const LISTS: { route: string; card: string }[] = [
  { route: '/learningClassroom/myhomework', card: '.rt-card' },
  { route: '/learningClassroom/printcertificate', card: '.rt-card' },
  { route: '/learningClassroom/ongoingcourses', card: '.lc-card' },
  { route: '/learningClassroom/qualifiedcourses', card: '.lc-card' },
  { route: '/learningClassroom/learningnotes', card: '.notes-item' },
  { route: '/learningClassroom/mymessage', card: '.lc-card' },
  { route: '/onlineExam', card: '.exam-list .exam-card' },
];

describe('every page on a 375 px phone', () => {
  it('the public pages, as a visitor', { timeout: 180_000 }, async () => {
    expect(await judge(PUBLIC)).toEqual({});
  });
  it("the learner's topics, columns, classroom and catalogue", { timeout: 180_000 }, async () => {
    expect(await judge(LEARNER, ACCOUNTS.learner)).toEqual({});
  });
  it('the study pages (video, PDF, topic reading, live, replay)', { timeout: 180_000 }, async () => {
    expect(await judge(STUDY, STUDY_PHONE_LEARNER)).toEqual({});
  });
  it('the exam pages (list, rules, paper, practice)', { timeout: 180_000 }, async () => {
    expect(await judge(EXAM, EXAM_LEARNERS.phoneLayout)).toEqual({});
  });
  it("the teacher's class area", { timeout: 240_000 }, async () => {
    expect(await judge(TEACHER, ACCOUNTS.teacher)).toEqual({});
  });

  it('the overlap check finds text laid over other text', async () => {
    const { page, close } = await browser.open('phone');
    await page.setContent('<div style="position:relative"><span>学习进度</span><span style="position:absolute;left:0;top:0">已完成</span></div><p>另一段</p>');
    const found = await overlappingTexts(page);
    await close();
    expect(found).toEqual(['学习进度 ⟂ 已完成']);
  });

  it("the learner's lists show their rows as cards, not as a table", { timeout: 120_000 }, async () => {
    const { page, close } = await browser.open('phone');
    await logIn(page, ACCOUNTS.learner);
    const tables: string[] = [];
    for (const list of LISTS) {
      await page.goto(list.route);
      await eventually(() => page.locator(list.card).count(), { message: `${list.route} shows its rows as ${list.card}` }).toBeGreaterThan(0);
      if ((await page.locator('table').count()) > 0) tables.push(list.route);
    }
    await close();
    expect(tables).toEqual([]);
  });

  it('/study shows the video, then the chapters and the notes, then the comments', { timeout: 60_000 }, async () => {
    const { page, close } = await browser.open('phone');
    await logIn(page, STUDY_PHONE_LEARNER);
    await openVisit(page, STUDY[0]!);
    // The notes and the comments load as the learner scrolls towards them (features/study/later.tsx).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await eventually(() => page.locator('.notes-panel').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await eventually(() => page.locator('.feedback').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const top = async (selector: string) => (await page.locator(selector).first().boundingBox())?.y ?? NaN;
    const video = await top('video');
    const chapters = await top('nav[aria-label="课程章节"]');
    const notes = await top('.notes-panel');
    const comments = await top('.feedback');
    await close();
    expect(video).toBeLessThan(chapters);
    expect(chapters).toBeLessThan(notes);
    expect(notes).toBeLessThan(comments);
  });
});
