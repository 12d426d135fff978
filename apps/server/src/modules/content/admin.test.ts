/**
 * 内容管理 as the content administrator uses it and as a visitor then sees it: a notice written with
 * an attachment, published and seen at once; rich text kept safe; a time to come that shows the item
 * only from then; an edit of an older version refused; uploads checked by content and size; every
 * change on the audit log with before and after; the other kinds through the same calls.
 * (Who may call these at all is admin.test.ts's: every call with auth 'admin' is tried there.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { admin as A, adminContent as C, content, UC_CODE, urlOf, type CallDef } from '@portal/contract';
import { auditLog } from '../../db/schema/index.ts';
import { createTestApp, DEMO_ADMINS, PRODUCT, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminLogin(DEMO_ADMINS.content);
});
afterAll(() => t.close());

type Env<T> = { code: number; message: string; data: T; field?: string };
async function ask<T = C.ContentItem>(call: CallDef, opts: { body?: unknown; query?: Record<string, string | number> }) {
  const r = await t.call(call, { ...opts, token });
  return { status: r.status, ...(r.json as unknown as Env<T>) };
}
async function ok<T = C.ContentItem>(call: CallDef, opts: { body?: unknown; query?: Record<string, string | number> }): Promise<T> {
  const r = await ask<T>(call, opts);
  if (r.code !== 0) throw new Error(`${call.name}: ${r.status} ${r.code} ${r.message}`);
  return r.data;
}
/** What a visitor gets: the public call's object, or null for a refusal (404). */
async function visitor<T>(call: CallDef, query: Record<string, string | number>) {
  const r = await t.call(call, { query });
  return r.status === 200 ? (r.json.obj as T) : null;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

async function upload(call: CallDef, filename: string, bytes: Buffer) {
  const boundary = '----portalcontenttest';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const payload = Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const res = await t.app.inject({ method: 'POST', url: urlOf(call, PRODUCT), payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token } });
  return { status: res.statusCode, ...(res.json() as Env<C.UploadedContentFile>) };
}

const lastChange = async (target: string) =>
  (await t.db.select().from(auditLog).where(and(eq(auditLog.event, 'adminContent'), eq(auditLog.target, target))).orderBy(desc(auditLog.id)).limit(1))[0];

const noticeInput = (over: Partial<C.ContentSave & { kind: 'notice' }> = {}) => ({
  kind: 'notice' as const,
  channel: 'affiche' as const,
  title: '关于开展内容管理测试的通知',
  source: '教务处',
  body: '<p>各单位：</p><p>请<strong>按时</strong>参加。</p>',
  attachments: [],
  ...over,
});

describe('a notice with an attachment, from draft to the public pages', () => {
  let notice: C.ContentItem;
  let file: C.UploadedContentFile;

  it('uploads the attachment: checked by content, stored under a generated name, served from /uploads', async () => {
    const r = await upload(C.adminContentFile, '培训安排表.pdf', PDF);
    expect(r.code).toBe(0);
    file = r.data;
    expect(file).toMatchObject({ name: '培训安排表.pdf', size: PDF.length });
    expect(file.url).toMatch(/^\/uploads\/content\/\d{6}\/[a-f0-9]{24}\.pdf$/);
    const served = await t.app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('saves a new notice as a draft that no visitor sees', async () => {
    notice = await ok(C.adminContentSave, { body: noticeInput({ attachments: [{ name: file.name, url: file.url, size: file.size }] }) });
    expect(notice).toMatchObject({ kind: 'notice', status: 'draft', version: 0, attachments: [{ name: '培训安排表.pdf', url: file.url }] });
    expect(await visitor(content.findAfficheById, { id: notice.id })).toBeNull();
    const page = await visitor<{ list: { id: number }[] }>(content.findAfficheByPage, { pageNum: 1, pageSize: 100 });
    expect(page!.list.map((n) => n.id)).not.toContain(notice.id);
    const drafts = await ok<{ list: C.ContentRow[] }>(C.adminContentList, { query: { kind: 'notice', status: 'draft', keyword: '内容管理测试' } });
    expect(drafts.list.map((r) => r.id)).toEqual([notice.id]);
  });

  it('publishes it now: the notice and its attachment show at once on the index list and the notice page', async () => {
    notice = await ok(C.adminContentPublish, { body: { kind: 'notice', id: notice.id, version: notice.version } });
    expect(notice).toMatchObject({ status: 'published', version: 1 });
    const detail = await visitor<content.NoticeDetail>(content.findAfficheById, { id: notice.id });
    expect(detail).toMatchObject({ title: '关于开展内容管理测试的通知', body: '<p>各单位：</p><p>请<strong>按时</strong>参加。</p>', attachments: [{ name: '培训安排表.pdf', url: file.url, size: PDF.length }] });
    const page = await visitor<{ list: { id: number; attachmentCount: number }[] }>(content.findAfficheByPage, { pageNum: 1, pageSize: 100 });
    expect(page!.list.find((n) => n.id === notice.id)).toMatchObject({ attachmentCount: 1 });
    // The keyword searches the text a reader sees, not the markup.
    const byText = await visitor<{ list: { id: number }[] }>(content.findAfficheByPage, { pageNum: 1, pageSize: 100, keyword: '请按时' });
    expect(byText!.list.map((n) => n.id)).toContain(notice.id);
    const byTag = await visitor<{ list: { id: number }[] }>(content.findAfficheByPage, { pageNum: 1, pageSize: 100, keyword: 'strong' });
    expect(byTag!.list.map((n) => n.id)).not.toContain(notice.id);
  });

  it('audits every step with the item before and after', async () => {
    const row = await lastChange(`notice:${notice.id}`);
    expect(row).toMatchObject({ outcome: 'success', ip: '10.0.0.1' });
    const detail = row!.detail as { action: string; before: C.ContentItem; after: C.ContentItem };
    expect(detail.action).toBe('发布通知公告');
    expect(detail.before).toMatchObject({ status: 'draft', version: 0 });
    expect(detail.after).toMatchObject({ status: 'published', version: 1 });
    const created = await t.db.execute(sql`select detail from audit_log where event = 'adminContent' and target = ${`notice:${notice.id}`} and detail->>'action' = '新建通知公告'`);
    expect((created as unknown as { rows: { detail: { before: unknown; after: { title: string } } }[] }).rows[0]!.detail).toMatchObject({ before: null, after: { title: '关于开展内容管理测试的通知' } });
  });

  it('pins it: pinned notices come first', async () => {
    notice = await ok(C.adminContentArrange, { body: { kind: 'notice', id: notice.id, version: notice.version, pinned: true, sort: 50 } });
    const page = await visitor<{ list: { id: number; pinned: boolean }[] }>(content.findAfficheByPage, { pageNum: 1, pageSize: 5 });
    expect(page!.list[0]).toMatchObject({ id: notice.id, pinned: true });
  });

  it('removes the attachment by an edit, and takes the notice offline: gone for visitors', async () => {
    notice = await ok(C.adminContentSave, { body: { ...noticeInput(), id: notice.id, version: notice.version } });
    expect(notice).toMatchObject({ status: 'published', attachments: [] });
    expect((await visitor<content.NoticeDetail>(content.findAfficheById, { id: notice.id }))!.attachments).toEqual([]);
    notice = await ok(C.adminContentUnpublish, { body: { kind: 'notice', id: notice.id, version: notice.version } });
    expect(notice.status).toBe('offline');
    expect(await visitor(content.findAfficheById, { id: notice.id })).toBeNull();
  });
});

describe('an edit never silently overwrites another administrator’s', () => {
  it('the second edit made on the same version is refused (409) and the first one stays', async () => {
    const item = await ok(C.adminContentSave, { body: noticeInput({ title: '版本测试' }) });
    await ok(C.adminContentSave, { body: { ...noticeInput({ title: '甲的修改' }), id: item.id, version: item.version } });
    const second = await ask(C.adminContentSave, { body: { ...noticeInput({ title: '乙的修改' }), id: item.id, version: item.version } });
    expect(second).toMatchObject({ code: 409, message: A.ADMIN_MSG.staleVersion });
    expect(await ok(C.adminContentGet, { query: { kind: 'notice', id: item.id } })).toMatchObject({ title: '甲的修改', version: 1 });
    for (const call of [C.adminContentPublish, C.adminContentUnpublish, C.adminContentDelete]) {
      expect((await ask(call, { body: { kind: 'notice', id: item.id, version: 0 } })).code).toBe(409);
    }
  });

  it('an item deleted meanwhile is not found', async () => {
    const item = await ok(C.adminContentSave, { body: noticeInput({ title: '删除测试' }) });
    expect((await ask(C.adminContentDelete, { body: { kind: 'notice', id: item.id, version: 0 } })).code).toBe(0);
    expect(await ask(C.adminContentSave, { body: { ...noticeInput(), id: item.id, version: 0 } })).toMatchObject({ code: 404, message: C.ADMIN_CONTENT_MSG.notFound });
    const row = await lastChange(`notice:${item.id}`);
    expect(row!.detail).toMatchObject({ action: '删除通知公告', before: { title: '删除测试' }, after: null });
  });
});

describe('rich text is sanitised on the server before it is stored', () => {
  it('script, event handlers, javascript: links and images from elsewhere are gone; the rest stays', async () => {
    const body =
      '<p onclick="alert(1)">正文<script>alert(1)</script><a href="javascript:alert(1)">链接</a><a href="https://www.gov.cn/">政府网</a></p>' +
      '<img src="https://evil.example/x.png" onerror="alert(1)"><img src="/uploads/content/202611/abc.png" alt="图"><iframe src="https://evil.example/"></iframe>';
    const item = await ok(C.adminContentSave, { body: { kind: 'news', title: '消毒测试', imageUrl: '/uploads/content/202611/abc.png', body } });
    expect(item.kind === 'news' && item.body).toBe('<p>正文链接<a href="https://www.gov.cn/">政府网</a></p><img src="/uploads/content/202611/abc.png" alt="图">');
    const preview = await ok<{ body: string }>(C.adminContentPreview, { body: { body } });
    expect(preview.body).toBe(item.kind === 'news' ? item.body : '');
  });

  it('a body with nothing left is refused naming the field', async () => {
    const r = await ask(C.adminContentSave, { body: { kind: 'about', title: '空', body: '<p><script>alert(1)</script></p>' } });
    expect(r).toMatchObject({ status: 400, message: C.ADMIN_CONTENT_MSG.bodyRequired, field: 'body' });
  });

  it('a cover or link not of the product is refused by the contract', async () => {
    expect(await ask(C.adminContentSave, { body: { kind: 'news', title: 'x', imageUrl: 'https://evil.example/a.png', body: '<p>x</p>' } })).toMatchObject({ status: 400, message: '请上传封面图片' });
    expect(await ask(C.adminContentSave, { body: { kind: 'link', name: 'x', url: 'javascript:alert(1)' } })).toMatchObject({ status: 400, field: 'url' });
  });
});

describe('publishing at a time', () => {
  it('a scheduled item is visible to visitors only once its time has come, with no job', async () => {
    const item = await ok(C.adminContentSave, { body: { kind: 'news', title: '定时发布的新闻', imageUrl: '/media/news/news-01.webp', body: '<p>定时</p>' } });
    const at = new Date(Date.now() + 1500).toISOString();
    const scheduled = await ok(C.adminContentPublish, { body: { kind: 'news', id: item.id, version: item.version, at } });
    expect(scheduled).toMatchObject({ status: 'scheduled', publishedAt: at });
    expect(await visitor(content.findFlashNewById, { id: item.id })).toBeNull();
    const list = await ok<{ list: C.ContentRow[] }>(C.adminContentList, { query: { kind: 'news', status: 'scheduled' } });
    expect(list.list.map((r) => r.id)).toContain(item.id);
    expect((await lastChange(`news:${item.id}`))!.detail).toMatchObject({ action: '定时发布图片新闻' });
    await new Promise((r) => setTimeout(r, 1700));
    expect(await visitor(content.findFlashNewById, { id: item.id })).toMatchObject({ title: '定时发布的新闻', publishedAt: at });
    expect((await ok(C.adminContentGet, { query: { kind: 'news', id: item.id } })).status).toBe('published');
  });
});

describe('uploads are checked by content and size', () => {
  it('an attachment over 20 MB is refused with the size message and not stored', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(C.CONTENT_LIMITS.fileMaxBytes)]);
    const r = await upload(C.adminContentFile, 'big.pdf', big);
    expect(r).toMatchObject({ status: 413, message: C.ADMIN_CONTENT_MSG.fileTooLarge });
  });

  it('a file whose content is not an accepted type, or not what its name says, is refused', async () => {
    expect(await upload(C.adminContentFile, 'tool.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100, 1)]))).toMatchObject({ code: UC_CODE.invalid, message: C.ADMIN_CONTENT_MSG.fileType });
    expect(await upload(C.adminContentFile, 'picture.pdf', PNG)).toMatchObject({ message: C.ADMIN_CONTENT_MSG.fileType });
    expect(await upload(C.adminContentImage, 'page.png', Buffer.from('<svg onload="alert(1)"></svg>'))).toMatchObject({ message: C.ADMIN_CONTENT_MSG.imageType });
    const failed = await t.db.select().from(auditLog).where(and(eq(auditLog.event, 'adminContent'), eq(auditLog.outcome, 'failure')));
    expect(failed.length).toBeGreaterThanOrEqual(3);
  });

  it('an image for rich text answers its /uploads/ address', async () => {
    const r = await upload(C.adminContentImage, '照片.png', PNG);
    expect(r.data.url).toMatch(/^\/uploads\/content\/\d{6}\/[a-f0-9]{24}\.png$/);
  });
});

describe('the other kinds through the same calls', () => {
  it('a common question, a link, a carousel picture, an about section and a download appear where visitors look once published', async () => {
    const publish = async (input: C.ContentSave) => {
      const item = await ok(C.adminContentSave, { body: input });
      return ok(C.adminContentPublish, { body: { kind: input.kind, id: item.id, version: item.version } });
    };
    await publish({ kind: 'faq', groupName: '新的分类', question: '如何测试内容管理？', answer: '按步骤操作。' });
    const groups = await visitor<content.QuestionGroup[]>(content.findQuestionList, {});
    expect(groups!.at(-1)).toMatchObject({ group: '新的分类', items: [{ question: '如何测试内容管理？' }] });

    const link = await publish({ kind: 'link', name: '示例合作网站', url: 'https://partner.example.cn/' });
    expect((await visitor<content.FriendlyLink[]>(content.link, {}))!.at(-1)).toMatchObject({ name: '示例合作网站' });
    await ok(C.adminContentUnpublish, { body: { kind: 'link', id: link.id, version: link.version } });
    expect((await visitor<content.FriendlyLink[]>(content.link, {}))!.map((l) => l.name)).not.toContain('示例合作网站');

    await publish({ kind: 'carousel', title: '新建的体育馆', imageUrl: '/media/college/college-1.webp' });
    expect((await visitor<content.CollegeImage[]>(content.findImg, {}))!.at(-1)).toMatchObject({ title: '新建的体育馆' });

    await publish({ kind: 'about', title: '发展历程', body: '<p>学院创建于示例年份。</p>' });
    expect((await visitor<content.AboutSection[]>(content.findAbout, {}))!.at(-1)).toMatchObject({ title: '发展历程', body: '<p>学院创建于示例年份。</p>' });

    const r = await upload(C.adminContentFile, '操作手册.pdf', PDF);
    await publish({ kind: 'download', title: '新版操作手册', category: 'document', fileName: r.data.name, fileUrl: r.data.url, size: r.data.size });
    const downloads = await visitor<{ list: content.DownloadItem[] }>(content.findDownloadByPage, { pageNum: 1, pageSize: 100, category: 'document' });
    expect(downloads!.list.at(-1)).toMatchObject({ title: '新版操作手册', fileName: '操作手册.pdf' });
  });

  it('only news and notices are pinned', async () => {
    const [faq] = (await ok<{ list: C.ContentRow[] }>(C.adminContentList, { query: { kind: 'faq' } })).list;
    expect(await ask(C.adminContentArrange, { body: { kind: 'faq', id: faq!.id, version: faq!.version, pinned: true } })).toMatchObject({ message: C.ADMIN_CONTENT_MSG.notPinnable });
  });

  it('the list filters by status and keyword and answers the demo items as published', async () => {
    const news = await ok<{ list: C.ContentRow[]; total: number }>(C.adminContentList, { query: { kind: 'news', status: 'published', pageSize: 100 } });
    expect(news.total).toBeGreaterThan(5);
    expect(news.list.every((r) => r.status === 'published')).toBe(true);
    const found = await ok<{ list: C.ContentRow[] }>(C.adminContentList, { query: { kind: 'faq', keyword: '如何测试' } });
    expect(found.list.map((r) => r.title)).toEqual(['如何测试内容管理？']);
    expect(await ask(C.adminContentList, { query: { kind: 'news', status: 'gone' } })).toMatchObject({ status: 400, field: 'status' });
  });
});

describe('bad input', () => {
  it('malformed bodies and queries get a 400 or a refusal naming the problem, never a 5xx, and change nothing', async () => {
    const before = (await t.db.execute(sql`select (select count(*) from notices) + (select count(*) from flash_news) + (select count(*) from faqs) as n`)) as unknown as { rows: { n: number }[] };
    const bodies: unknown[] = [
      null,
      [],
      'text',
      { kind: 'nothing' },
      { kind: 'notice', title: 'x'.repeat(10_000), body: '<p>x</p>', channel: 'affiche' },
      { kind: 'notice', title: 'x', body: '<p>x</p>', channel: 'affiche', attachments: 'x' },
      { kind: 'notice', title: 'x', body: '<p>x</p>', channel: 'affiche', attachments: [{ name: 'a', url: '/uploads/../../etc/passwd.pdf', size: 1 }] },
      { kind: 'news', id: -1, version: 0, title: 'x', imageUrl: '/uploads/a.png', body: '<p>x</p>' },
      { kind: 'news', id: 2 ** 40, version: 0, title: 'x', imageUrl: '/uploads/a.png', body: '<p>x</p>' },
      { kind: 'news', id: 1, title: 'x', imageUrl: '/uploads/a.png', body: '<p>x</p>' },
      { kind: 'faq', groupName: "'; drop table faqs; --", question: '<script>', answer: 1 },
      { kind: 'link', name: 'x', url: 'https://a.cn/' + 'a'.repeat(1000) },
      { kind: 'about', title: 'x', body: 'x'.repeat(C.CONTENT_LIMITS.richTextMaxChars + 1) },
    ];
    for (const body of bodies) {
      const r = await ask(C.adminContentSave, { body });
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
      expect(r.code, JSON.stringify(body).slice(0, 80)).not.toBe(0);
    }
    for (const body of [{ kind: 'news', id: 999999, version: 0, at: 'tomorrow' }, { kind: 'news', id: 'x', version: 0 }, { kind: 'news', id: 999999, version: 0, sort: 1e9 }, { kind: 'news', id: 999999, version: 0, pinned: 'yes' }]) {
      for (const call of [C.adminContentPublish, C.adminContentArrange]) {
        const r = await ask(call, { body });
        expect(r.status).toBeLessThan(500);
        expect(r.code).not.toBe(0);
      }
    }
    for (const query of [{ kind: 'news', id: 'x' }, { kind: 'x', id: 1 }, { kind: 'news', id: -5 }]) expect((await ask(C.adminContentGet, { query })).status).toBe(400);
    const after = (await t.db.execute(sql`select (select count(*) from notices) + (select count(*) from flash_news) + (select count(*) from faqs) as n`)) as unknown as { rows: { n: number }[] };
    expect(Number(after.rows[0]!.n)).toBe(Number(before.rows[0]!.n));
  });
});
