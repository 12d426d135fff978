/**
 * Certificates in the browser: a learner finds theirs on 打印证书, downloads its PDF and opens the
 * print view (one A4 landscape page, nothing of the site printed); a visitor checks it by the QR
 * address (the signature in the browser, then the server), by its number, by a pasted address, and
 * sees a tampered payload refused, also on a device with no network that opened the check page once
 * before (its service worker); a revoked certificate shows as revoked to its holder (no printing)
 * and to a visitor, by number and by its QR code.
 */
import { describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, browserOfThisFile, demoCertificateNo, eventually, loginWithPassword, pathOf, storedRecord, toastWith } from './helpers.ts';
import { launchMediaBrowser } from './study.ts';
import { answerShortExamAndSubmit, SHORT_TOPIC, shortTopicId, watchToTheEnd } from './shortTopic.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile(launchMediaBrowser);

/** The learner's certificate as the server lists it (with the address its QR code opens). */
async function myCertificate(token: string, certNo: string): Promise<{ certNo: string; verifyUrl: string }> {
  const r = await fetch(`${baseUrl}/video_learning/education/studentLearn/certificate`, { method: 'POST', headers: { authorization: token } });
  const body = (await r.json()) as { obj: { certNo: string; verifyUrl: string }[] };
  const cert = body.obj.find((c) => c.certNo === certNo);
  expect(cert, certNo).toBeDefined();
  return cert!;
}
/** The QR address on this test's server (PUBLIC_URL names the college's own). */
const onThisServer = (verifyUrl: string) => {
  const u = new URL(verifyUrl);
  return `${u.pathname}${u.search}`;
};

describe('certificates', () => {
  it('a learner completes a short topic (its course and its 结业测试), finds the certificate issued, downloads it and opens its print view', { timeout: 300_000 }, async () => {
    const installId = await shortTopicId(baseUrl);
    const { page, errors, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, '13900010072', 'Study@2026');
    await page.goto(`/specialTrainingInfo?id=${installId}`);
    await page.getByRole('button', { name: `报名 ${SHORT_TOPIC.title}` }).click();
    await eventually(() => toastWith(page, '报名成功').count()).toBeGreaterThan(0);

    // The hours: its one course, watched to the end. No certificate yet: the 结业测试 decides.
    await page.getByRole('button', { name: `开始学习 ${SHORT_TOPIC.course}` }).click();
    await eventually(() => pathOf(page)).toBe('/study');
    await watchToTheEnd(page);
    await page.goto('/learningClassroom/printcertificate');
    await eventually(() => page.locator('.cert-page-lead').isVisible()).toBe(true);
    await eventually(() => page.locator('.ant-table, .ant-empty').count()).toBeGreaterThan(0);
    expect(await page.locator('tr', { hasText: SHORT_TOPIC.title }).count()).toBe(0);

    // The 结业测试, answered by the key and handed in.
    await page.goto('/onlineExam');
    await page.getByRole('button', { name: `参加考试 ${SHORT_TOPIC.exam}` }).click();
    await eventually(() => pathOf(page)).toBe('/examInfo');
    await page.getByRole('button', { name: /开始考试|继续考试/ }).click();
    await eventually(() => pathOf(page)).toBe('/exam');
    await eventually(() => page.getByRole('timer', { name: '剩余时间' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await answerShortExamAndSubmit(page);
    await eventually(() => page.getByText(/分（满分100分），合格/).isVisible()).toBe(true);

    // The certificate was issued with the pass.
    await page.goto('/learningClassroom/printcertificate');
    const row = page.locator('tr', { hasText: SHORT_TOPIC.title });
    await eventually(() => row.isVisible()).toBe(true);
    expect(await row.textContent()).toContain('有效');
    const no = (await row.locator('td').first().textContent())!.trim();
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `下载PDF ${no}` }).click()]);
    expect(download.suggestedFilename()).toBe(`结业证书-${no}.pdf`);
    const pdf = Buffer.concat(await (await download.createReadStream()).toArray());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await row.getByRole('button', { name: `打印 ${no}` }).click();
    const view = page.getByRole('dialog', { name: '打印证书' });
    await eventually(() => view.isVisible()).toBe(true);
    const sheet = (await view.textContent()) ?? '';
    expect(sheet).toContain(no);
    expect(sheet).toContain(`“${SHORT_TOPIC.title}”`);
    // The college's seal is on the sheet, loaded.
    const seal = view.locator('img.cert-sheet-seal');
    await eventually(() => seal.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('a learner downloads the PDF and prints one A4 landscape page with nothing of the site; a visitor checks the QR offline and online', async () => {
    const no = await demoCertificateNo(baseUrl);
    const { page, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, ACCOUNTS.learner.phone, ACCOUNTS.learner.password);
    await page.goto('/learningClassroom/printcertificate');
    const row = page.locator('tr', { hasText: no });
    await eventually(() => row.isVisible()).toBe(true);
    expect(await row.textContent()).toContain('有效');

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `下载PDF ${no}` }).click()]);
    expect(download.suggestedFilename()).toBe(`结业证书-${no}.pdf`);
    const pdf = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(pdf).subarray(0, 5).toString()).toBe('%PDF-');

    await row.getByRole('button', { name: `打印 ${no}` }).click();
    const view = page.getByRole('dialog', { name: '打印证书' });
    await eventually(() => view.isVisible()).toBe(true);
    await eventually(() => view.getByRole('img', { name: '证书核验二维码' }).isVisible()).toBe(true);
    expect(await view.textContent()).toContain(no);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header.site-header').isVisible()).toBe(false);
    expect(await page.locator('.cert-print-toolbar').isVisible()).toBe(false);
    expect(await page.locator('.cert-sheet').isVisible()).toBe(true);
    const printed = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
    expect(printed.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\]/.exec(printed);
    expect(Number(box?.[1])).toBeGreaterThan(Number(box?.[2]));
    await page.emulateMedia({ media: 'screen' });
    await view.getByRole('button', { name: '返回' }).click();
    await eventually(() => view.count()).toBe(0);

    const { verifyUrl } = await myCertificate(String((await storedRecord(page))?.token), no);
    await close();

    const visitor = await browser.open();
    await visitor.page.goto(onThisServer(verifyUrl));
    await eventually(() => visitor.page.getByRole('heading', { name: '签名核验通过' }).isVisible()).toBe(true);
    await eventually(() => visitor.page.getByRole('heading', { name: '证书有效' }).isVisible()).toBe(true);
    expect(await visitor.page.locator('.cert-signed').textContent()).toContain(no);

    // A payload changed by one character fails the signature check.
    const u = new URL(verifyUrl);
    const p = u.searchParams.get('p')!;
    u.searchParams.set('p', `${p[0] === 'A' ? 'B' : 'A'}${p.slice(1)}`);
    await visitor.page.goto(onThisServer(u.toString()));
    await eventually(() => visitor.page.getByRole('heading', { name: '签名核验未通过' }).isVisible()).toBe(true);

    // By number, as a personnel office types it off the paper.
    await visitor.page.goto('/certificate');
    await visitor.page.getByRole('textbox', { name: /证书编号/ }).fill(no);
    await visitor.page.getByRole('button', { name: '查询', exact: true }).click();
    await eventually(() => visitor.page.getByRole('heading', { name: '证书有效' }).isVisible()).toBe(true);
    expect(await visitor.page.locator('.cert-result').first().textContent()).toContain(no);

    // The address pasted from a scanner app.
    await visitor.page.goto('/certificate');
    await visitor.page.getByRole('textbox', { name: '二维码内容' }).fill(verifyUrl);
    await visitor.page.getByRole('button', { name: '核验二维码' }).click();
    await eventually(() => visitor.page.getByRole('heading', { name: '签名核验通过' }).isVisible()).toBe(true);
    await eventually(() => visitor.page.getByRole('heading', { name: '证书有效' }).isVisible()).toBe(true);

    // The network cut: the open page checks QR addresses with what it has, says plainly that whether the
    // certificate was revoked is not known yet, and asks once the network is back.
    await visitor.page.goto('/certificate');
    await eventually(() => visitor.page.locator('.cert-key').textContent()).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    await visitor.page.context().setOffline(true);
    await visitor.page.evaluate(() => window.dispatchEvent(new Event('offline')));
    const pasteAndCheck = async (address: string) => {
      await visitor.page.getByRole('textbox', { name: '二维码内容' }).fill(address);
      await visitor.page.getByRole('button', { name: '核验二维码' }).click();
    };
    await pasteAndCheck(u.toString());
    await eventually(() => visitor.page.getByRole('heading', { name: '签名核验未通过' }).isVisible()).toBe(true);
    await pasteAndCheck(verifyUrl);
    await eventually(() => visitor.page.getByRole('heading', { name: '签名核验通过' }).isVisible()).toBe(true);
    const unknown = visitor.page.getByRole('heading', { name: '暂时无法确认是否已撤销' });
    await eventually(() => unknown.isVisible()).toBe(true);
    expect(await visitor.page.locator('.cert-offline').textContent()).toContain('网络恢复后将自动查询');
    expect(await visitor.page.getByRole('heading', { name: '证书有效' }).count()).toBe(0);
    await visitor.page.context().setOffline(false);
    await visitor.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await eventually(() => visitor.page.getByRole('heading', { name: '证书有效' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await unknown.count()).toBe(0);

    // A page that cannot get the key from the server checks with the copy this device kept.
    await visitor.page.route('**/findCertificateKey', (route) => route.abort('internetdisconnected'));
    await visitor.page.goto(onThisServer(verifyUrl));
    await eventually(() => visitor.page.getByRole('heading', { name: '签名核验通过' }).isVisible()).toBe(true);
    await eventually(() => visitor.page.getByRole('heading', { name: '证书有效' }).isVisible()).toBe(true);
    await visitor.page.unroute('**/findCertificateKey');
    expect(visitor.errors).toEqual([]);
    await visitor.close();
  });

  it('a device that opened /certificate once checks a QR address later with no network at all', async () => {
    const no = await demoCertificateNo(baseUrl);
    const learner = await browser.open();
    await learner.page.goto('/index');
    await loginWithPassword(learner.page, baseUrl, ACCOUNTS.learner.phone, ACCOUNTS.learner.password);
    const { verifyUrl } = await myCertificate(String((await storedRecord(learner.page))?.token), no);
    await learner.close();

    // A personnel office opens the check page once, online; the page keeps a copy of itself on the device.
    const visitor = await browser.open();
    await visitor.page.goto('/certificate');
    await eventually(() => visitor.page.locator('.cert-key').textContent()).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const kept = () =>
      visitor.page.evaluate(async () => {
        const name = (await caches.keys()).find((n) => n.startsWith('portal-certificate-'));
        const keys = name ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : [];
        return { page: keys.includes('/certificate'), scripts: keys.filter((k) => k.endsWith('.js')).length };
      });
    await eventually(kept).toMatchObject({ page: true });
    expect((await kept()).scripts).toBeGreaterThan(20);

    // Later, with the network cut before the page is even asked for, the QR address opens and checks.
    await visitor.page.context().setOffline(true);
    await visitor.page.goto(onThisServer(verifyUrl));
    await eventually(() => visitor.page.getByRole('heading', { name: '签名核验通过' }).isVisible()).toBe(true);
    await eventually(() => visitor.page.getByRole('heading', { name: '暂时无法确认是否已撤销' }).isVisible()).toBe(true);
    const tampered = new URL(verifyUrl);
    const p = tampered.searchParams.get('p')!;
    tampered.searchParams.set('p', `${p[0] === 'A' ? 'B' : 'A'}${p.slice(1)}`);
    await visitor.page.goto(onThisServer(tampered.toString()));
    await eventually(() => visitor.page.getByRole('heading', { name: '签名核验未通过' }).isVisible()).toBe(true);

    // Back online the same address asks the server too.
    await visitor.page.context().setOffline(false);
    await visitor.page.goto(onThisServer(verifyUrl));
    await eventually(() => visitor.page.getByRole('heading', { name: '证书有效' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(visitor.errors).toEqual([]);
    await visitor.close();
  });

  it('a revoked certificate: its holder sees why and cannot print it; a visitor sees it revoked by number and by its QR code', async () => {
    // The demo's revoked certificate (13900010015 earned 法治政府建设专题培训; the college revoked it: seed-learning.ts REVOKED_HOLDER).
    const { page, errors, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, '13900010015', 'Study@2026');
    await page.goto('/learningClassroom/printcertificate');
    const row = page.locator('tr', { hasText: '法治政府建设专题培训' });
    await eventually(() => row.isVisible()).toBe(true);
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('已撤销');
    expect(text).toContain('学时记录有误');
    expect(await row.getByRole('button').count()).toBe(0);
    const no = (await row.locator('td').first().textContent())!.trim();
    expect(no).toMatch(/^ZS\d{10}$/);
    const { verifyUrl } = await myCertificate(String((await storedRecord(page))?.token), no);
    expect(errors).toEqual([]);
    await close();

    const visitor = await browser.open();
    await visitor.page.goto('/certificate');
    await visitor.page.getByRole('textbox', { name: /证书编号/ }).fill(no);
    await visitor.page.getByRole('button', { name: '查询', exact: true }).click();
    await eventually(() => visitor.page.getByRole('heading', { name: '证书已撤销' }).isVisible()).toBe(true);
    expect(await visitor.page.locator('.cert-revoked').textContent()).toMatch(/该证书已于\d{4}-\d{2}-\d{2}被学院撤销/);
    // Its QR code still carries the college's signature, but the online question says revoked.
    await visitor.page.goto(onThisServer(verifyUrl));
    await eventually(() => visitor.page.getByRole('heading', { name: '签名核验通过' }).isVisible()).toBe(true);
    await eventually(() => visitor.page.getByRole('heading', { name: '证书已撤销' }).isVisible()).toBe(true);
    expect(await visitor.page.getByRole('heading', { name: '证书有效' }).count()).toBe(0);
    expect(visitor.errors).toEqual([]);
    await visitor.close();
  });
});
