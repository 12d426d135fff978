/**
 * Owns learning notes, course appraisals and comments (schema/notes.ts). Reads the catalogue's
 * courses and chapters (titles, lengths, pages) and people's names, and never writes them. The rules:
 * a learner reaches only their own notes, appraises and comments only on their own courses, changes
 * or deletes only their own comments; a comment deleted while it has replies stays as 已删除; words
 * of the configured list are refused, and comments are rate-limited per person through the platform.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { UC_CODE, notes as N } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { courseResources, courses } from '../../db/schema/catalog.ts';
import { courseAppraisals, courseCriticisms, notes } from '../../db/schema/notes.ts';
import { persons } from '../../db/schema/people.ts';
import { Refusal } from '../../http/errors.ts';
import type { Caller } from '../../http/auth.ts';
import type { Platform } from '../platform/service.ts';
import { iso, isoOrNull, maskName, matchesAny, offsetOf, pageFrom, totalOver, type Page, type PageQuery } from '../../lib/listing.ts';
import { LEARNING_MSG } from '../learning/service.ts';

export const NOTES_MSG = {
  noteMissing: '笔记不存在或已删除',
  resourceMissing: '课程章节不存在',
  courseMissing: '课程不存在',
  positionBeyond: '笔记位置超出了该章节视频的长度',
  pageBeyond: '笔记页码超出了该文档的页数',
  criticismMissing: '评论不存在或已删除',
  notYours: '只能修改或删除自己的评论',
  replyToReply: '回复只能针对评论，不能回复回复',
  forbiddenWord: (word: string) => `内容包含不允许发布的词语“${word}”，请修改后再提交`,
} as const;

export interface NotesDeps {
  db: Db;
  platform: Platform;
  /** The learning core's answer: whether the course is one of the person's own. */
  isMine: (personId: number, courseId: number) => Promise<boolean>;
  forbiddenWords: string[];
  criticismPerMinute: number;
}

/** Case and blanks do not hide a word: 赌 博 and 赌博 are the same. */
const normalise = (s: string) => s.toLowerCase().replace(/[\s\u3000]+/g, '');

/** The first forbidden word the text contains, or null. */
export function forbiddenWordIn(text: string, words: string[]): string | null {
  const plain = normalise(text);
  return words.find((w) => plain.includes(normalise(w))) ?? null;
}

type NoteInput = { resourceId: number; anchor: number | null; title: string; content: string };
type CriticismRow = typeof courseCriticisms.$inferSelect & { personName: string };

export function makeNotes(deps: NotesDeps) {
  const { db, platform } = deps;

  const noteColumns = {
    id: notes.id,
    courseId: notes.courseId,
    courseTitle: courses.title,
    resourceId: notes.resourceId,
    resourceTitle: courseResources.title,
    resourceKind: courseResources.kind,
    anchor: notes.anchor,
    title: notes.title,
    content: notes.content,
    createdAt: notes.createdAt,
    updatedAt: notes.updatedAt,
  };
  const toNote = (r: { createdAt: Date; updatedAt: Date } & Omit<N.Note, 'createdAt' | 'updatedAt'>): N.Note => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) });

  async function myNote(caller: Caller, noteId: number): Promise<N.Note> {
    const [row] = await db
      .select(noteColumns)
      .from(notes)
      .innerJoin(courses, eq(courses.id, notes.courseId))
      .innerJoin(courseResources, eq(courseResources.id, notes.resourceId))
      .where(and(eq(notes.id, noteId), eq(notes.personId, caller.personId)));
    // Another learner's note answers as a missing one: its existence is not theirs to learn.
    if (!row) throw new Refusal(NOTES_MSG.noteMissing, UC_CODE.invalid);
    return toNote(row);
  }

  /** The chapter a note is written on: one of the caller's courses, the anchor within its length. */
  async function checkedResource(caller: Caller, input: NoteInput) {
    const [res] = await db.select().from(courseResources).where(eq(courseResources.id, input.resourceId));
    if (!res) throw new Refusal(NOTES_MSG.resourceMissing, UC_CODE.invalid);
    if (!(await deps.isMine(caller.personId, res.courseId))) throw new Refusal(LEARNING_MSG.notMine, UC_CODE.forbidden);
    if (input.anchor !== null) {
      if (res.kind === 'pdf' && (input.anchor < 1 || (res.pages !== null && input.anchor > res.pages))) throw new Refusal(NOTES_MSG.pageBeyond, UC_CODE.invalid);
      if (res.kind === 'video' && res.durationSeconds !== null && input.anchor > res.durationSeconds) throw new Refusal(NOTES_MSG.positionBeyond, UC_CODE.invalid);
    }
    return res;
  }

  async function courseExists(courseId: number) {
    const [row] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
    if (!row) throw new Refusal(NOTES_MSG.courseMissing, UC_CODE.invalid);
  }

  async function requireMyCourse(caller: Caller, courseId: number) {
    await courseExists(courseId);
    if (!(await deps.isMine(caller.personId, courseId))) throw new Refusal(LEARNING_MSG.notMine, UC_CODE.forbidden);
  }

  function refuseForbidden(text: string) {
    const word = forbiddenWordIn(text, deps.forbiddenWords);
    if (word) throw new Refusal(NOTES_MSG.forbiddenWord(word), UC_CODE.invalid);
  }

  /** Every comment written or changed counts toward the person's flood limit (shared by all instances). */
  const countComment = (caller: Caller, ip: string) =>
    platform.limit(`criticism:${caller.personId}`, deps.criticismPerMinute, 60, { ip, event: 'criticism', personId: caller.personId });

  const toCriticism = (caller: Caller, r: CriticismRow): N.CriticismReply => ({
    id: r.id,
    author: maskName(r.personName),
    mine: r.personId === caller.personId,
    deleted: r.deletedAt !== null,
    content: r.deletedAt ? N.DELETED_CRITICISM : r.content,
    createdAt: iso(r.createdAt),
    editedAt: isoOrNull(r.editedAt),
  });

  async function criticismRow(id: number): Promise<CriticismRow> {
    const [row] = await db
      .select({ c: courseCriticisms, personName: persons.personName })
      .from(courseCriticisms)
      .innerJoin(persons, eq(persons.personId, courseCriticisms.personId))
      .where(eq(courseCriticisms.id, id));
    if (!row || row.c.deletedAt) throw new Refusal(NOTES_MSG.criticismMissing, UC_CODE.invalid);
    return { ...row.c, personName: row.personName };
  }

  async function appraisalOf(caller: Caller, courseId: number): Promise<N.Appraisal> {
    const [all] = await db
      .select({ average: sql<number>`coalesce(round(avg(${courseAppraisals.stars}), 1), 0)`.mapWith(Number), count: sql<number>`count(*)`.mapWith(Number) })
      .from(courseAppraisals)
      .where(eq(courseAppraisals.courseId, courseId));
    const [mine] = await db
      .select()
      .from(courseAppraisals)
      .where(and(eq(courseAppraisals.courseId, courseId), eq(courseAppraisals.personId, caller.personId)));
    return {
      courseId,
      average: all?.average ?? 0,
      count: all?.count ?? 0,
      mine: mine ? { stars: mine.stars, text: mine.text, updatedAt: iso(mine.updatedAt) } : null,
    };
  }

  return {
    // ---- notes ---------------------------------------------------------------------------------

    async addNote(caller: Caller, input: NoteInput): Promise<N.Note> {
      const res = await checkedResource(caller, input);
      const [row] = await db
        .insert(notes)
        .values({ personId: caller.personId, courseId: res.courseId, resourceId: res.id, anchor: input.anchor, title: input.title, content: input.content })
        .returning({ id: notes.id });
      return myNote(caller, row!.id);
    },

    async notePage(caller: Caller, q: PageQuery & { courseId?: number | undefined; keyword?: string | undefined }): Promise<Page<N.Note>> {
      const where: SQL[] = [eq(notes.personId, caller.personId)];
      if (q.courseId) where.push(eq(notes.courseId, q.courseId));
      if (q.keyword) where.push(sql`(${matchesAny(q.keyword, notes.title, notes.content, courses.title)})`);
      // Grouped by course (the course written in last first), then in the order of the lessons.
      const courseLatest = sql`max(${notes.updatedAt}) over (partition by ${notes.courseId})`;
      const rows = await db
        .select({ ...noteColumns, total: totalOver() })
        .from(notes)
        .innerJoin(courses, eq(courses.id, notes.courseId))
        .innerJoin(courseResources, eq(courseResources.id, notes.resourceId))
        .where(and(...where))
        .orderBy(desc(courseLatest), asc(notes.courseId), asc(courseResources.sort), asc(courseResources.id), sql`${notes.anchor} asc nulls first`, asc(notes.id))
        .limit(q.pageSize)
        .offset(offsetOf(q));
      return pageFrom(q, rows, ({ total: _t, ...r }) => toNote(r), async () => {
        const [c] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(notes).innerJoin(courses, eq(courses.id, notes.courseId)).where(and(...where));
        return c?.n ?? 0;
      });
    },

    async noteCourses(caller: Caller) {
      return db
        .select({ courseId: notes.courseId, courseTitle: courses.title, count: sql<number>`count(*)`.mapWith(Number) })
        .from(notes)
        .innerJoin(courses, eq(courses.id, notes.courseId))
        .where(eq(notes.personId, caller.personId))
        .groupBy(notes.courseId, courses.title)
        .orderBy(desc(sql`max(${notes.updatedAt})`), asc(notes.courseId));
    },

    note: myNote,

    /** Every note of mine on a course, in lesson order, with the course's title (null: no such course). */
    async notesForExport(caller: Caller, courseId: number): Promise<{ courseTitle: string; notes: N.Note[] } | null> {
      const [course] = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId));
      if (!course) return null;
      const rows = await db
        .select(noteColumns)
        .from(notes)
        .innerJoin(courses, eq(courses.id, notes.courseId))
        .innerJoin(courseResources, eq(courseResources.id, notes.resourceId))
        .where(and(eq(notes.personId, caller.personId), eq(notes.courseId, courseId)))
        .orderBy(asc(courseResources.sort), asc(courseResources.id), sql`${notes.anchor} asc nulls first`, asc(notes.id));
      return { courseTitle: course.title, notes: rows.map(toNote) };
    },

    async updateNote(caller: Caller, noteId: number, input: NoteInput): Promise<N.Note> {
      await myNote(caller, noteId);
      const res = await checkedResource(caller, input);
      await db
        .update(notes)
        .set({ courseId: res.courseId, resourceId: res.id, anchor: input.anchor, title: input.title, content: input.content, updatedAt: sql`now()` })
        .where(and(eq(notes.id, noteId), eq(notes.personId, caller.personId)));
      return myNote(caller, noteId);
    },

    async deleteNote(caller: Caller, noteId: number) {
      const gone = await db.delete(notes).where(and(eq(notes.id, noteId), eq(notes.personId, caller.personId))).returning({ id: notes.id });
      if (gone.length === 0) throw new Refusal(NOTES_MSG.noteMissing, UC_CODE.invalid);
      return { noteId };
    },

    // ---- appraisal -----------------------------------------------------------------------------

    async appraisal(caller: Caller, courseId: number): Promise<N.Appraisal> {
      await courseExists(courseId);
      return appraisalOf(caller, courseId);
    },

    async appraise(caller: Caller, input: { courseId: number; stars: number; text: string }): Promise<N.Appraisal> {
      await requireMyCourse(caller, input.courseId);
      refuseForbidden(input.text);
      await db
        .insert(courseAppraisals)
        .values({ personId: caller.personId, courseId: input.courseId, stars: input.stars, text: input.text })
        .onConflictDoUpdate({ target: [courseAppraisals.personId, courseAppraisals.courseId], set: { stars: input.stars, text: input.text, updatedAt: sql`now()` } });
      return appraisalOf(caller, input.courseId);
    },

    async withdrawAppraisal(caller: Caller, courseId: number): Promise<N.Appraisal> {
      await courseExists(courseId);
      await db.delete(courseAppraisals).where(and(eq(courseAppraisals.courseId, courseId), eq(courseAppraisals.personId, caller.personId)));
      return appraisalOf(caller, courseId);
    },

    // ---- comments ------------------------------------------------------------------------------

    async criticismPage(caller: Caller, q: PageQuery & { courseId: number }): Promise<Page<N.Criticism>> {
      await courseExists(q.courseId);
      const top = and(eq(courseCriticisms.courseId, q.courseId), isNull(courseCriticisms.parentId));
      const rows = await db
        .select({ c: courseCriticisms, personName: persons.personName, total: totalOver() })
        .from(courseCriticisms)
        .innerJoin(persons, eq(persons.personId, courseCriticisms.personId))
        .where(top)
        .orderBy(desc(courseCriticisms.createdAt), desc(courseCriticisms.id))
        .limit(q.pageSize)
        .offset(offsetOf(q));
      const ids = rows.map((r) => r.c.id);
      const replies = ids.length
        ? await db
            .select({ c: courseCriticisms, personName: persons.personName })
            .from(courseCriticisms)
            .innerJoin(persons, eq(persons.personId, courseCriticisms.personId))
            .where(inArray(courseCriticisms.parentId, ids))
            .orderBy(asc(courseCriticisms.createdAt), asc(courseCriticisms.id))
        : [];
      const byParent = new Map<number, N.CriticismReply[]>();
      for (const r of replies) {
        const list = byParent.get(r.c.parentId!) ?? [];
        list.push(toCriticism(caller, { ...r.c, personName: r.personName }));
        byParent.set(r.c.parentId!, list);
      }
      return pageFrom(
        q,
        rows,
        (r) => ({ ...toCriticism(caller, { ...r.c, personName: r.personName }), replies: byParent.get(r.c.id) ?? [] }),
        async () => {
          const [c] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(courseCriticisms).where(top);
          return c?.n ?? 0;
        },
      );
    },

    async addCriticism(caller: Caller, ip: string, input: { courseId: number; parentId?: number | undefined; content: string }): Promise<N.CriticismReply> {
      await requireMyCourse(caller, input.courseId);
      refuseForbidden(input.content);
      await countComment(caller, ip);
      const row = await db.transaction(async (tx) => {
        if (input.parentId !== undefined) {
          // Locked so that the comment cannot be deleted between this check and the reply.
          const [parent] = await tx.select().from(courseCriticisms).where(eq(courseCriticisms.id, input.parentId)).for('share');
          if (!parent || parent.deletedAt || parent.courseId !== input.courseId) throw new Refusal(NOTES_MSG.criticismMissing, UC_CODE.invalid);
          if (parent.parentId !== null) throw new Refusal(NOTES_MSG.replyToReply, UC_CODE.invalid);
        }
        const [inserted] = await tx
          .insert(courseCriticisms)
          .values({ courseId: input.courseId, personId: caller.personId, parentId: input.parentId ?? null, content: input.content })
          .returning();
        return inserted!;
      });
      return toCriticism(caller, { ...row, personName: caller.personName });
    },

    async updateCriticism(caller: Caller, ip: string, id: number, content: string): Promise<N.CriticismReply> {
      const row = await criticismRow(id);
      if (row.personId !== caller.personId) throw new Refusal(NOTES_MSG.notYours, UC_CODE.forbidden);
      refuseForbidden(content);
      await countComment(caller, ip);
      const [updated] = await db.update(courseCriticisms).set({ content, editedAt: sql`now()` }).where(eq(courseCriticisms.id, id)).returning();
      return toCriticism(caller, { ...updated!, personName: row.personName });
    },

    async deleteCriticism(caller: Caller, id: number): Promise<{ criticismId: number; kept: boolean }> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(courseCriticisms).where(eq(courseCriticisms.id, id)).for('update');
        if (!row || row.deletedAt) throw new Refusal(NOTES_MSG.criticismMissing, UC_CODE.invalid);
        if (row.personId !== caller.personId) throw new Refusal(NOTES_MSG.notYours, UC_CODE.forbidden);
        const [reply] = await tx.select({ id: courseCriticisms.id }).from(courseCriticisms).where(eq(courseCriticisms.parentId, id)).limit(1);
        if (reply) {
          // Its replies answer it: keep the comment as 已删除 rather than orphan them.
          await tx.update(courseCriticisms).set({ content: '', deletedAt: sql`now()` }).where(eq(courseCriticisms.id, id));
          return { criticismId: id, kept: true };
        }
        await tx.delete(courseCriticisms).where(eq(courseCriticisms.id, id));
        if (row.parentId !== null) {
          // The last reply of a deleted comment gone: nothing is left to keep the comment for.
          await tx.execute(sql`delete from ${courseCriticisms} c where c.id = ${row.parentId} and c.deleted_at is not null
            and not exists (select 1 from ${courseCriticisms} r where r.parent_id = c.id)`);
        }
        return { criticismId: id, kept: false };
      });
    },
  };
}
export type NotesService = ReturnType<typeof makeNotes>;
