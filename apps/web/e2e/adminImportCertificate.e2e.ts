/**
 * 导入 and 证书 of the administration area in the browser, as the training administrator: a people
 * workbook with two bad rows is uploaded (the good rows only), its problems are read in the table, the
 * rejected rows downloaded, fixed and imported; the history shows both runs. A certificate is revoked
 * with a reason, and /certificate, as a visitor, says so. axe finds nothing serious on either page.
 */
import { describe, expect, inject, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { browserOfThisFile, cellUnder, eventually, seriousA11yViolations } from './helpers.ts';
import { ADMINS, adminSession, openAdmin } from './admin.ts';

const baseUrl = inject('baseUrl');
const browser = browserOfThisFile();

const HEAD = ['人员编号', '姓名', '手机号', '单位', '职级', '民族', '性别', '人员类型', '账号来源', '备注标记', '初始密码'];
async function peopleBook(rows: string[][]): Promise<Buffer> {
  const b = new ExcelJS.Workbook();
  const ws = b.addWorksheet('人员');
  ws.addRow(HEAD);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await b.xlsx.writeBuffer());
}

async function axeClean(page: Page, where: string) {
  let v = await seriousA11yViolations(page);
  if (v.length > 0) {
    await page.waitForTimeout(1_000);
    v = await seriousA11yViolations(page);
  }
  expect(v, where).toEqual([]);
}

async function uploadFile(page: Page, name: string, bytes: Buffer) {
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bytes });
}

describe('the training administrator', () => {
  it('imports people with two bad rows, reads them, downloads them, fixes them and imports them; revokes a certificate that /certificate then shows revoked', { timeout: 300_000 }, async () => {
    const { page, errors, close } = await browser.open('desktop', { bypassCSP: true });
    // ---- 导入 ----
    await openAdmin(page, baseUrl, ADMINS.training, '/admin/imports');
    await eventually(() => page.getByRole('button', { name: '开始导入' }).isVisible()).toBe(true);
    await axeClean(page, '/admin/imports');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: '/tmp/impcert-imports-1920.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    // The template downloads.
    const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载人员导入模板' }).click()]);
    expect(template.suggestedFilename()).toBe('人员导入模板.xlsx');

    await page.getByRole('radio', { name: /只导入正确的行/ }).check();
    await uploadFile(
      page,
      '人员名单.xlsx',
      await peopleBook([
        ['S81000001', '韩志明', '13981000001', '太原市财政局', '一级科员', '汉族', '男', '学员', '', '', ''],
        ['S81000002', '韩志', '13981000001', '太原市财政局', '一级科员', '汉族', '男', '学员', '', '', ''],
        ['S81000003', '邢丽娟', '13981000003', '太原市财政局', '一级科员', '汉族', '女', '学员', '', '', ''],
        ['J81000004', '贺文斌', '13981000004', '太原市财政局', '四级调研员', '汉族', '男', '教师', '', '', ''],
      ]),
    );
    await page.getByRole('button', { name: '开始导入' }).click();
    const result = page.locator('.ant-card').filter({ hasText: '导入结果' });
    await eventually(() => result.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await result.textContent()).toContain('已写入：新增2，更新0，未变0（部分导入）；错误2行未写入');
    // The problems, one per bad row, with the row and the column.
    const problems = result.locator('.ant-table-tbody tr.ant-table-row');
    await eventually(() => problems.count()).toBe(2);
    expect(await problems.nth(0).textContent()).toContain('第3行手机号');
    expect(await problems.nth(1).textContent()).toContain('第5行初始密码');
    await axeClean(page, '/admin/imports with a result');
    await page.screenshot({ path: '/tmp/impcert-imports-result.png', fullPage: true });

    // The rejected rows: exactly the two, fixed in the file itself and imported.
    const [rejects] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: '下载错误行' }).click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(await (await rejects.createReadStream()).toArray()) as unknown as ArrayBuffer);
    const ws = book.getWorksheet('人员')!;
    expect([ws.getRow(2).getCell(1).value, ws.getRow(3).getCell(1).value, ws.getRow(4).getCell(1).value]).toEqual(['S81000002', 'J81000004', null]);
    ws.getRow(2).getCell(3).value = '13981000002';
    ws.getRow(3).getCell(11).value = 'Jiaoshi#2026';
    await page.getByRole('radio', { name: /全部正确才导入/ }).check();
    await uploadFile(page, '人员名单-改正.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    await page.getByRole('button', { name: '开始导入' }).click();
    await eventually(() => result.textContent(), { timeout: 30_000 }).toContain('已写入：新增2，更新0，未变0');
    expect(await result.textContent()).not.toContain('部分导入');

    // The history: both runs, with who and the counts.
    await page.getByRole('tab', { name: '导入记录' }).click();
    const history = page.locator('.ant-table-tbody tr.ant-table-row');
    await eventually(() => history.count()).toBeGreaterThanOrEqual(2);
    expect(await history.nth(0).textContent()).toMatch(/人员.*全部写入/);
    expect(await history.nth(1).textContent()).toMatch(/人员.*部分写入/);
    await axeClean(page, '/admin/imports 导入记录');
    await history.nth(1).locator('.ant-table-row-expand-icon').click();
    await eventually(() => page.locator('.ant-table-expanded-row').filter({ hasText: '第5行' }).isVisible()).toBe(true);
    await axeClean(page, '/admin/imports 导入记录 with a run opened');
    await page.screenshot({ path: '/tmp/impcert-history-1280.png', fullPage: true });

    // ---- 证书 ----
    // A certificate of a generated learner (the demo accounts' own are other tests' business).
    const { token } = await adminSession(baseUrl, ADMINS.training);
    const found = (await (await fetch(`${baseUrl}/v1/admin/certificates?status=valid&pageSize=100`, { headers: { authorization: token } })).json()) as { data: { list: { certNo: string; mobile: string }[] } };
    const certNo = found.data.list.find((c) => !/^138\*\*\*\*000\d$/.test(c.mobile))!.certNo;
    await page.goto(`/admin/certificates?certNo=${certNo}`);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await eventually(() => rows.count(), { timeout: 15_000 }).toBe(1);
    await axeClean(page, '/admin/certificates');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: '/tmp/impcert-certificates-1920.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    const target = 0;
    await rows.nth(target).getByRole('button', { name: `撤销 ${certNo}` }).click();
    const dialog = page.getByRole('dialog', { name: `撤销证书 ${certNo}` });
    await eventually(() => dialog.isVisible()).toBe(true);
    await axeClean(page, '/admin/certificates 撤销');
    await dialog.getByRole('button', { name: '确认撤销' }).click();
    await eventually(() => dialog.getByText('请填写撤销原因').isVisible()).toBe(true);
    await dialog.getByLabel('撤销原因').fill('学时记录有误，经核实撤销');
    await dialog.getByRole('button', { name: '确认撤销' }).click();
    await eventually(() => page.getByText(`证书 ${certNo} 已撤销`).isVisible()).toBe(true);
    await eventually(() => rows.nth(0).textContent()).toContain('原因：学时记录有误，经核实撤销');

    // 补发: another certificate, its hours corrected; the old row names the new number and the new the old.
    const other = found.data.list.filter((c) => c.certNo !== certNo).find((c) => !/^138\*\*\*\*000\d$/.test(c.mobile))!.certNo;
    await page.goto(`/admin/certificates?certNo=${other}`);
    await eventually(() => rows.count(), { timeout: 15_000 }).toBe(1);
    await rows.nth(0).getByRole('button', { name: `补发 ${other}` }).click();
    const reissue = page.getByRole('dialog', { name: `补发证书 ${other}` });
    await eventually(() => reissue.isVisible()).toBe(true);
    await reissue.getByLabel('更正后的学时').fill('12.5');
    await reissue.getByLabel('补发原因（更正了什么）').fill('学时统计有误');
    await axeClean(page, '/admin/certificates 补发');
    await reissue.getByRole('button', { name: '确认补发' }).click();
    await eventually(() => page.getByText(/已补发新证书 ZS\d+/).count()).toBeGreaterThan(0);
    const newNo = /已补发新证书 (ZS\d+)/.exec((await page.getByText(/已补发新证书 ZS\d+/).first().textContent()) ?? '')![1]!;
    await eventually(() => rows.nth(0).textContent()).toContain(`已补发为 ${newNo}`);
    await page.goto(`/admin/certificates?certNo=${newNo}`);
    await eventually(() => rows.nth(0).textContent(), { timeout: 15_000 }).toContain(`补发自 ${other}`);
    expect(await rows.nth(0).textContent()).toContain('12.5');

    // 发证规则: shown per topic; a started one opens read-only.
    await page.getByRole('tab', { name: '发证规则' }).click();
    const ruleRows = page.locator('.ant-table-tbody tr.ant-table-row');
    await eventually(() => ruleRows.count()).toBeGreaterThan(0);
    await axeClean(page, '/admin/certificates/rules');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: '/tmp/impcert-rules-1920.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await ruleRows.filter({ hasText: '已开始' }).first().getByRole('button', { name: /^查看发证规则/ }).click();
    const drawer = page.getByRole('dialog', { name: /^发证规则：/ });
    await eventually(() => drawer.getByText('该培训已开始，发证规则不能再修改。').isVisible()).toBe(true);
    expect(await drawer.getByRole('button', { name: '保存' }).isDisabled()).toBe(true);
    await axeClean(page, '/admin/certificates/rules drawer');
    await page.screenshot({ path: '/tmp/impcert-rule-drawer-1280.png' });
    await drawer.getByRole('button', { name: '取消' }).click();
    await eventually(() => drawer.isVisible()).toBe(false);

    // A topic not yet started: its hours changed, then put back as the demo had them.
    const upcoming = ruleRows.filter({ hasText: '未开始' }).first();
    const title = ((await (await cellUnder(upcoming, '培训')).textContent()) ?? '').trim();
    // Columns by their headers: the list kit orders them by its plan.
    const hoursCell = () => cellUnder(upcoming, '须修满学时');
    const before = ((await (await hoursCell()).textContent()) ?? '').trim();
    for (const hours of ['24.5', before]) {
      await upcoming.getByRole('button', { name: `修改发证规则 ${title}` }).click();
      await eventually(() => drawer.isVisible()).toBe(true);
      await drawer.getByLabel('须修满学时').fill(hours);
      await drawer.getByRole('button', { name: '保存' }).click();
      await eventually(() => drawer.isVisible()).toBe(false);
      await eventually(async () => (await hoursCell()).textContent()).toBe(hours);
    }
    expect(errors).toEqual([]);
    await close();

    // A visitor checks the reissued number: revoked, and the new one named.
    const checker = await browser.open();
    await checker.page.goto(`/certificate?no=${other}`);
    await eventually(() => checker.page.getByRole('heading', { name: '证书已撤销' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await checker.page.locator('.cert-result').textContent()).toContain(`该证书已更正补发，新证书编号为 ${newNo}`);
    await checker.close();

    // A visitor checks the number.
    const visitor = await browser.open();
    await visitor.page.goto(`/certificate?no=${certNo}`);
    await eventually(() => visitor.page.getByRole('heading', { name: '证书已撤销' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await visitor.close();
  });
});
