/**
 * Certificates in the browser: a learner finds theirs on 打印证书, downloads its PDF and opens the
 * print view (one A4 landscape page, nothing of the site printed); a visitor checks it by the QR
 * address (the signature in the browser, then the server), by its number, by a pasted address, and
 * sees a tampered payload refused; a revoked certificate shows as revoked to its holder (no printing)
 * and to a visitor, by number and by its QR code.
 */
import { describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, browserOfThisFile, demoCertificateNo, eventually, loginWithPassword, storedRecord } from './helpers.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();

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
    await visitor.close();
  });

  it('a revoked certificate: its holder sees why and cannot print it; a visitor sees it revoked by number and by its QR code', async () => {
    // The demo's revoked certificate (13900010071's 法治政府建设专题培训, revoked by the college).
    const { page, errors, close } = await browser.open();
    await page.goto('/index');
    await loginWithPassword(page, baseUrl, '13900010071', 'Study@2026');
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
