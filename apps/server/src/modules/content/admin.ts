/**
 * 内容管理: the content administrator's work on the content module's tables — news,
 * notices and their attachments, downloads, common questions, the carousel, the about page and
 * friendly links. One service serves every kind: each kind is described once (its table, the fields
 * an administrator edits, what the list searches and how it orders), and list, save, publish, take
 * offline, pin and order, and delete are written once for all of them.
 *
 * Every change names the version it was made on (a newer version refuses it: another administrator's
 * edit is never silently overwritten), and is audited with the item before and after. Rich text is
 * sanitised by an allow-list before it is stored (lib/sanitizeHtml.ts). Publishing at a time to come
 * only stores that time: the public reads compare it with now (content/service.ts `visible`).
 */
import { and, asc, count, desc, eq, gt, lte, max, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { adminContent as C, workFileTypeOfName } from '@portal/contract';
import type { Db, Tx, Q } from '../../db/client.ts';
import { aboutSections, collegeImages, downloads, faqs, flashNews, friendlyLinks, noticeAttachments, notices } from '../../db/schema/content.ts';
import { HttpError, Refusal, stale } from '../../http/errors.ts';
import { imageTypeOf, type FileStorage } from '../../integrations/storage.ts';
import { newId } from '../../lib/crypto.ts';
import { isBlankHtml, sanitizeHtml } from '../../lib/sanitizeHtml.ts';
import { recordChange } from '../admin/service.ts';
import { matchesAny, offsetOf, pageFrom, textOf, totalOver } from '../../lib/listing.ts';
import type { Platform } from '../platform/service.ts';
import { cleanFileName, workFileTypeOf } from '../work/files.ts';
import type { Who } from '../../http/auth.ts';

type Kind = C.ContentKind;
type Item = C.ContentItem;

/** The columns every administered table has (schema/content.ts `editable`). */
interface EditableColumns {
  id: PgColumn;
  state: PgColumn;
  publishedAt: PgColumn;
  sort: PgColumn;
  version: PgColumn;
  pinned?: PgColumn;
}

interface KindDef {
  table: PgTable;
  cols: EditableColumns & Record<string, PgColumn>;
  /** The field the list shows as the item's title. */
  title: string;
  /** The list's note (channel, category, group) of a row, in words. */
  note: (row: Record<string, unknown>) => string;
  /** What the keyword searches (rich text by its text, not its markup). */
  search: (PgColumn | SQL)[];
  /** Fields of rich text, sanitised before they are stored. */
  rich: string[];
}

const def = <T extends PgTable>(table: T, d: Omit<KindDef, 'table' | 'cols'>): KindDef => ({ table, cols: table as unknown as KindDef['cols'], ...d });

const KINDS: Record<Kind, KindDef> = {
  news: def(flashNews, { title: 'title', note: (r) => String(r.source ?? ''), search: [flashNews.title, textOf(flashNews.body)], rich: ['body'] }),
  notice: def(notices, {
    title: 'title',
    note: (r) => C.NOTICE_CHANNEL_LABELS[r.channel as 'affiche' | 'education'] ?? '',
    search: [notices.title, textOf(notices.body)],
    rich: ['body'],
  }),
  download: def(downloads, {
    title: 'title',
    note: (r) => C.DOWNLOAD_CATEGORY_LABELS[r.category as 'document' | 'app' | 'browser'] ?? '',
    search: [downloads.title, downloads.fileName],
    rich: [],
  }),
  faq: def(faqs, { title: 'question', note: (r) => String(r.groupName ?? ''), search: [faqs.question, faqs.answer, faqs.groupName], rich: [] }),
  carousel: def(collegeImages, { title: 'title', note: () => '', search: [collegeImages.title], rich: [] }),
  about: def(aboutSections, { title: 'title', note: () => '', search: [aboutSections.title, textOf(aboutSections.body)], rich: ['body'] }),
  link: def(friendlyLinks, { title: 'name', note: (r) => String(r.url ?? ''), search: [friendlyLinks.name, friendlyLinks.url], rich: [] }),
};

/** The fields of a kind an administrator edits (the contract's, less the kind and the attachments kept in their own table). */
const fieldsOf = (kind: Kind) => Object.keys(C.contentFields[kind].shape).filter((k) => k !== 'kind' && k !== 'attachments');

function statusOf(state: string, publishedAt: Date, now = Date.now()): C.ContentStatus {
  if (state === 'draft' || state === 'offline') return state;
  return publishedAt.getTime() > now ? 'scheduled' : 'published';
}

function statusWhere(d: KindDef, status: C.ContentStatus | undefined): SQL | undefined {
  const { state, publishedAt } = d.cols;
  if (!status) return undefined;
  if (status === 'draft' || status === 'offline') return eq(state, status);
  return and(eq(state, 'published'), status === 'scheduled' ? gt(publishedAt, sql`now()`) : lte(publishedAt, sql`now()`));
}

/** The public order of a kind (content/service.ts): pinned first, then news and notices by weight, the others by position. */
function orderOf(kind: Kind, d: KindDef): SQL[] {
  const { pinned, sort, publishedAt, id } = d.cols;
  return [...(pinned ? [desc(pinned)] : []), C.WEIGHTED_KINDS.includes(kind) ? desc(sort) : asc(sort), desc(publishedAt), desc(id)];
}

/** Who changes what, from where. */
export interface AdminContentDeps {
  db: Db;
  platform: Platform;
  storage: FileStorage;
  /** Told after every change, so that this instance's rendered pages do not wait for their cache time. */
  changed?: () => void;
}

export function makeAdminContent({ db, platform, storage, changed }: AdminContentDeps) {
  async function itemOf(r: Q, kind: Kind, id: number): Promise<Item | null> {
    const d = KINDS[kind];
    const [row] = (await r
      .select()
      .from(d.table)
      .where(eq(d.cols.id, id))
      .limit(1)) as Record<string, unknown>[];
    if (!row) return null;
    const publishedAt = row.publishedAt as Date;
    const item: Record<string, unknown> = {
      kind,
      id: row.id,
      version: row.version,
      status: statusOf(String(row.state), publishedAt),
      publishedAt: publishedAt.toISOString(),
      pinned: Boolean(row.pinned ?? false),
      sort: row.sort,
    };
    for (const f of fieldsOf(kind)) item[f] = row[f];
    if (kind === 'notice') {
      item.attachments = await r
        .select({ name: noticeAttachments.name, url: noticeAttachments.url, size: noticeAttachments.size })
        .from(noticeAttachments)
        .where(eq(noticeAttachments.noticeId, id))
        .orderBy(asc(noticeAttachments.sort), asc(noticeAttachments.id));
    }
    return item as Item;
  }

  /** The change's audit entry, written in the change's own transaction. */
  const audit = (tx: Tx, who: Who, kind: Kind, id: number, action: string, before: unknown, after: unknown) =>
    recordChange(tx, { personId: who.personId, ip: who.ip, event: 'adminContent', target: `${kind}:${id}`, action: `${action}${C.CONTENT_KIND_LABELS[kind]}`, before, after });

  /** The stored values of an edit: rich text sanitised (and refused when nothing is left of it). */
  function valuesOf(input: C.ContentSave): Record<string, unknown> {
    const d = KINDS[input.kind];
    const values: Record<string, unknown> = {};
    for (const f of fieldsOf(input.kind)) values[f] = (input as unknown as Record<string, unknown>)[f];
    for (const f of d.rich) {
      const clean = sanitizeHtml(String(values[f] ?? ''));
      if (isBlankHtml(clean)) throw new HttpError(400, C.ADMIN_CONTENT_MSG.bodyRequired, f);
      values[f] = clean;
    }
    return values;
  }

  /** A new item's place: news and notices weigh 0; the others go last. */
  async function newPlace(tx: Tx, kind: Kind, input: C.ContentSave): Promise<Record<string, unknown>> {
    const d = KINDS[kind];
    const place: Record<string, unknown> = {};
    if (!C.WEIGHTED_KINDS.includes(kind)) {
      const where = input.kind === 'faq' ? eq(faqs.groupName, input.groupName) : undefined;
      const [m] = await tx.select({ n: max(d.cols.sort) }).from(d.table).where(where);
      place.sort = m?.n === null || m?.n === undefined ? 0 : Number(m.n) + 1;
    }
    if (input.kind === 'faq') {
      // A question joins its group's place among the groups; a new group comes after the others.
      const [g] = await tx.select({ n: max(faqs.groupSort) }).from(faqs).where(eq(faqs.groupName, input.groupName));
      const [all] = await tx.select({ n: max(faqs.groupSort) }).from(faqs);
      place.groupSort = g?.n ?? (all?.n === null || all?.n === undefined ? 0 : all.n + 1);
    }
    return place;
  }

  async function replaceAttachments(tx: Tx, noticeId: number, list: C.ContentSave & { kind: 'notice' }) {
    await tx.delete(noticeAttachments).where(eq(noticeAttachments.noticeId, noticeId));
    if (list.attachments.length > 0) {
      await tx.insert(noticeAttachments).values(list.attachments.map((a, sort) => ({ noticeId, name: a.name, url: a.url, size: a.size, sort })));
    }
  }

  /**
   * A change of one item made on `version`: refused (409) when the item has moved on since, not
   * found when it is gone. `apply` runs in the same transaction, after the version check and bump.
   */
  async function change(who: Who, kind: Kind, id: number, version: number, action: string, set: Record<string, unknown>, apply?: (tx: Tx) => Promise<void>): Promise<Item> {
    const d = KINDS[kind];
    const after = await db.transaction(async (tx) => {
      const before = await itemOf(tx, kind, id);
      if (!before) throw new Refusal(C.ADMIN_CONTENT_MSG.notFound, 404);
      const done = await tx
        .update(d.table)
        .set({ ...set, version: sql`${d.cols.version} + 1` } as never)
        .where(and(eq(d.cols.id, id), eq(d.cols.version, version)))
        .returning({ id: d.cols.id });
      if (done.length === 0) throw stale();
      await apply?.(tx);
      const after = (await itemOf(tx, kind, id))!;
      await audit(tx, who, kind, id, action, before, after);
      return after;
    });
    changed?.();
    return after;
  }

  async function storeUpload(who: Who, file: { bytes: Buffer; name: string } | null, as: 'image' | 'file'): Promise<C.UploadedContentFile> {
    const refuse = async (message: string): Promise<never> => {
      await platform.audit({ personId: who.personId, ip: who.ip, event: 'adminContent', target: `upload:${as}`, outcome: 'failure', detail: { name: file?.name ?? '', size: file?.bytes.length ?? 0, reason: message } });
      throw new Refusal(message);
    };
    if (!file || file.bytes.length === 0) return refuse(C.ADMIN_CONTENT_MSG.fileMissing);
    let type: string | null;
    if (as === 'image') type = imageTypeOf(file.bytes);
    else {
      type = workFileTypeOf(file.bytes);
      // A file whose name says another type than its content is refused: it would open as something else.
      const claimed = file.name === '' ? type : workFileTypeOfName(file.name);
      if (claimed !== type) type = null;
    }
    if (!type) return refuse(as === 'image' ? C.ADMIN_CONTENT_MSG.imageType : C.ADMIN_CONTENT_MSG.fileType);
    const month = new Date().toISOString().slice(0, 7).replace('-', '');
    const url = await storage.put(`content/${month}/${newId(12)}.${type}`, file.bytes);
    const name = as === 'file' ? cleanFileName(file.name, type as Parameters<typeof cleanFileName>[1]) : (file.name.split(/[\\/]/).pop() ?? '').slice(0, 100);
    await recordChange(db, { personId: who.personId, ip: who.ip, event: 'adminContent', target: `upload:${as}`, action: as === 'image' ? '上传图片' : '上传附件', before: null, after: { url, name, size: file.bytes.length } });
    return { url, name, size: file.bytes.length };
  }

  return {
    async list(q: { kind: Kind; keyword?: string | undefined; status?: C.ContentStatus | undefined; pageNum: number; pageSize: number }) {
      const d = KINDS[q.kind];
      const where = and(q.keyword ? matchesAny(q.keyword, ...d.search) : undefined, statusWhere(d, q.status));
      const rows = (await db
        .select({ row: d.table as never, total: totalOver() } as never)
        .from(d.table)
        .where(where)
        .orderBy(...orderOf(q.kind, d))
        .limit(q.pageSize)
        .offset(offsetOf(q))) as { row: Record<string, unknown>; total: number }[];
      const now = Date.now();
      return pageFrom(
        q,
        rows,
        ({ row }): C.ContentRow => ({
          kind: q.kind,
          id: Number(row.id),
          title: String(row[d.title]),
          note: d.note(row),
          status: statusOf(String(row.state), row.publishedAt as Date, now),
          publishedAt: (row.publishedAt as Date).toISOString(),
          pinned: Boolean(row.pinned ?? false),
          sort: Number(row.sort),
          version: Number(row.version),
        }),
        async () => (await db.select({ n: count() }).from(d.table).where(where))[0]?.n ?? 0,
      );
    },

    async get(kind: Kind, id: number): Promise<Item> {
      const item = await itemOf(db, kind, id);
      if (!item) throw new Refusal(C.ADMIN_CONTENT_MSG.notFound, 404);
      return item;
    },

    async save(who: Who, input: C.ContentSave): Promise<Item> {
      const kind = input.kind;
      const values = valuesOf(input);
      if (input.id === undefined) {
        const d = KINDS[kind];
        const after = await db.transaction(async (tx) => {
          const [row] = (await tx
            .insert(d.table)
            .values({ ...values, ...(await newPlace(tx, kind, input)), state: 'draft' } as never)
            .returning({ id: d.cols.id })) as { id: number }[];
          if (input.kind === 'notice') await replaceAttachments(tx, row!.id, input);
          const after = (await itemOf(tx, kind, row!.id))!;
          await audit(tx, who, kind, row!.id, '新建', null, after);
          return after;
        });
        changed?.();
        return after;
      }
      if (input.version === undefined) throw new HttpError(400, '请提供所编辑的版本号', 'version');
      const moved = input.kind === 'faq' ? await this.get('faq', input.id) : null;
      const set = { ...values };
      if (input.kind === 'faq' && moved?.kind === 'faq' && moved.groupName !== input.groupName) {
        Object.assign(set, await db.transaction((tx) => newPlace(tx, 'faq', input)));
      }
      return change(who, kind, input.id, input.version, '编辑', set, input.kind === 'notice' ? (tx) => replaceAttachments(tx, input.id!, input) : undefined);
    },

    publish(who: Who, t: { kind: Kind; id: number; version: number; at?: string | undefined }) {
      const at = t.at === undefined ? new Date() : new Date(t.at);
      return change(who, t.kind, t.id, t.version, at.getTime() > Date.now() ? '定时发布' : '发布', { state: 'published', publishedAt: at });
    },

    unpublish: (who: Who, t: { kind: Kind; id: number; version: number }) => change(who, t.kind, t.id, t.version, '下线', { state: 'offline' }),

    arrange(who: Who, t: { kind: Kind; id: number; version: number; pinned?: boolean | undefined; sort?: number | undefined }) {
      const set: Record<string, unknown> = {};
      if (t.pinned !== undefined) {
        if (!C.PINNABLE_KINDS.includes(t.kind)) throw new Refusal(C.ADMIN_CONTENT_MSG.notPinnable);
        set.pinned = t.pinned;
      }
      if (t.sort !== undefined) set.sort = t.sort;
      const action = t.pinned === true ? '置顶' : t.pinned === false ? '取消置顶' : '排序';
      return change(who, t.kind, t.id, t.version, action, set);
    },

    async remove(who: Who, t: { kind: Kind; id: number; version: number }) {
      const d = KINDS[t.kind];
      await db.transaction(async (tx) => {
        const before = await itemOf(tx, t.kind, t.id);
        if (!before) throw new Refusal(C.ADMIN_CONTENT_MSG.notFound, 404);
        if (before.version !== t.version) throw stale();
        if (t.kind === 'notice') await tx.delete(noticeAttachments).where(eq(noticeAttachments.noticeId, t.id));
        const done = await tx
          .delete(d.table)
          .where(and(eq(d.cols.id, t.id), eq(d.cols.version, t.version)))
          .returning({ id: d.cols.id });
        if (done.length === 0) throw stale();
        await audit(tx, who, t.kind, t.id, '删除', before, null);
      });
      changed?.();
      return null;
    },

    preview: (body: string) => ({ body: sanitizeHtml(body) }),

    image: (who: Who, file: { bytes: Buffer; name: string } | null) => storeUpload(who, file, 'image'),
    file: (who: Who, file: { bytes: Buffer; name: string } | null) => storeUpload(who, file, 'file'),
  };
}
export type AdminContent = ReturnType<typeof makeAdminContent>;
