/**
 * Homework and practice reports (contract: calls/work.ts, which states the rules). Owns the work
 * tables. The learner reaches an assignment only as a member of its class, and only their own
 * submission and files; the teacher only through `ClassAccess` (modules/teacher's one access check),
 * and only submissions of that class. The rules that protect the record hold in the database:
 * a save is one conditional UPDATE on the draft's revision, a submission and a review lock the row,
 * and every hand-in is a new numbered version (unique per submission), never an overwrite.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { UC_CODE, bookTitle, collegeChineseDateTime, wordCount, work as W } from '@portal/contract';
import type { Db, Q } from '../../db/client.ts';
import { courses, installs } from '../../db/schema/catalog.ts';
import { organs, persons } from '../../db/schema/people.ts';
import { classMembers, teacherClasses } from '../../db/schema/teaching.ts';
import { workExtensions, workFiles, workSubmissions, workVersions, works, type PracticeData } from '../../db/schema/work.ts';
import type { Caller } from '../../http/auth.ts';
import { Refusal } from '../../http/errors.ts';
import { chinaDate, type XlsxExport } from '../../http/xlsx.ts';
import { newId } from '../../lib/crypto.ts';
import { allRows, containsPattern, iso, offsetOf, type Page, type PageQuery, pageOf, isoOrNull } from '../../lib/listing.ts';
import type { Platform } from '../platform/service.ts';
import type { ClassAccess } from '../teacher/service.ts';
import type { ClassRow } from '../reports/service.ts';
import { diffTexts } from './diff.ts';
import { applyReview, heldReviewOf, heldReviewsOn, notifyLearner } from './review.ts';
import { cleanFileName, workFileTypeOf, type PrivateFiles, type WorkFileType } from './files.ts';
import { cleanText, renderMarkdown } from './markdown.ts';

const M = W.WORK_MSG;
const L = W.WORK_LIMITS;
type WorkRow = typeof works.$inferSelect;
type SubmissionRow = typeof workSubmissions.$inferSelect;
type VersionRow = typeof workVersions.$inferSelect;
type FileRow = typeof workFiles.$inferSelect;

export interface WorkDeps {
  db: Db;
  platform: Platform;
  files: PrivateFiles;
  /** The classes of a teacher (teacherinfo's pending counts) and whether a teacher teaches a class (downloads). */
  classesOf: (teacherId: number) => Promise<ClassRow[]>;
  classOfTeacher: (teacherId: number, classId: number) => Promise<ClassRow | null>;
  /** Uploads a learner may make in an hour (all assignments together): files are kept, so they are bounded. */
  uploadsPerHour?: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The practice template joined in order with its headings: what the diff and the word count read. */
const PRACTICE_HEADINGS = { time: '实践时间', place: '实践地点', done: '实践内容', outcome: '取得成效' } as const;
function practiceText(p: PracticeData): string {
  return (Object.keys(PRACTICE_HEADINGS) as (keyof PracticeData)[]).map((k) => `【${PRACTICE_HEADINGS[k]}】\n${p[k]}\n`).join('\n');
}
const practiceWords = (p: PracticeData) => wordCount(`${p.done}\n${p.outcome}`);

function practiceView(p: PracticeData | null) {
  return p ? { ...p, doneHtml: renderMarkdown(p.done), outcomeHtml: renderMarkdown(p.outcome) } : null;
}

function cleanPractice(p: W.PracticeFields | undefined): PracticeData {
  return { time: cleanText(p?.time ?? '').trim(), place: cleanText(p?.place ?? '').trim(), done: cleanText(p?.done ?? ''), outcome: cleanText(p?.outcome ?? '') };
}

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const samePractice = (a: PracticeData | null, b: PracticeData | null) => JSON.stringify(a) === JSON.stringify(b);

/** The due date and cut-off that hold for one learner: an extension moves both to its date when later. */
function deadlinesFor(w: WorkRow, extension: Date | null) {
  const later = (d: Date | null) => (extension && (d === null || extension > d) ? extension : d);
  return { dueAt: later(w.dueAt)!, cutoffAt: w.cutoffAt === null ? null : later(w.cutoffAt) };
}

function deadline(w: WorkRow, extension: Date | null, now = new Date()) {
  const d = deadlinesFor(w, extension);
  return { overdue: now > d.dueAt, closed: d.cutoffAt !== null && now > d.cutoffAt, extensionUntil: isoOrNull(extension) };
}

/** The longest extension: this long after the cut-off (or the due date when there is none). */
const EXTENSION_MAX_MS = 180 * 86_400_000;

/** An assignment with the names shown beside it: its class, and its course or training (empty when it has none). */
const labelled = { w: works, className: teacherClasses.name, courseTitle: sql<string>`coalesce(${courses.title}, '')`, installTitle: sql<string>`coalesce(${installs.title}, '')` };

export function makeWork({ db, platform, files, classesOf, classOfTeacher, uploadsPerHour = 120 }: WorkDeps) {
  // ---- shared reads ------------------------------------------------------------------------------

  /** An assignment with its labels, when the person is a member of its class (or any, for `null`). */
  async function workWithLabels(workId: number, memberId: number | null, classId?: number) {
    const [row] = await db
      .select(labelled)
      .from(works)
      .innerJoin(teacherClasses, eq(teacherClasses.id, works.classId))
      .leftJoin(courses, eq(courses.id, works.courseId))
      .leftJoin(installs, eq(installs.id, sql`coalesce(${works.installId}, ${teacherClasses.installId})`))
      .where(
        and(
          eq(works.id, workId),
          classId === undefined ? undefined : eq(works.classId, classId),
          memberId === null ? undefined : sql`exists (select 1 from ${classMembers} where ${classMembers.classId} = ${works.classId} and ${classMembers.personId} = ${memberId})`,
        ),
      );
    return row ?? null;
  }
  type Labelled = NonNullable<Awaited<ReturnType<typeof workWithLabels>>>;

  function itemOf(r: Labelled): W.WorkItem {
    const w = r.w;
    return {
      id: w.id,
      kind: w.kind,
      classId: w.classId,
      className: r.className,
      title: w.title,
      courseTitle: r.courseTitle,
      installTitle: r.installTitle,
      dueAt: iso(w.dueAt),
      cutoffAt: isoOrNull(w.cutoffAt),
      minWords: w.minWords,
      maxWords: w.maxWords,
      maxFiles: W.filesAllowed(w.maxFiles),
    };
  }

  async function filesById(ids: number[]): Promise<Map<number, FileRow>> {
    if (ids.length === 0) return new Map();
    const rows = await db.select().from(workFiles).where(inArray(workFiles.id, [...new Set(ids)]));
    return new Map(rows.map((f) => [f.id, f]));
  }

  const fileView = (f: FileRow): W.WorkFile => ({
    id: f.id,
    name: f.name,
    type: f.type,
    size: f.size,
    kind: f.kind,
    uploadedAt: iso(f.uploadedAt),
    url: `/video_learning/education/studentLearn/downloadWorkFile?fileId=${f.id}`,
  });
  const filesOf = (ids: number[], byId: Map<number, FileRow>) => ids.flatMap((id) => (byId.has(id) ? [fileView(byId.get(id)!)] : []));

  async function names(ids: (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await db.select({ id: persons.personId, name: persons.personName }).from(persons).where(inArray(persons.personId, wanted));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  function versionView(v: VersionRow, byId: Map<number, FileRow>, nameOf: Map<number, string>): W.WorkVersion {
    return {
      version: v.version,
      submittedAt: iso(v.submittedAt),
      late: v.late,
      text: v.text,
      html: renderMarkdown(v.text),
      practice: practiceView(v.practice),
      wordCount: v.wordCount,
      attachments: filesOf(v.attachmentIds, byId),
      state: v.state,
      score: v.score,
      comment: v.comment,
      examinedBy: v.examinedBy === null ? null : (nameOf.get(v.examinedBy) ?? null),
      examinedAt: isoOrNull(v.examinedAt),
    };
  }

  async function versionsOf(submissionId: number): Promise<W.WorkVersion[]> {
    const rows = await db.select().from(workVersions).where(eq(workVersions.submissionId, submissionId)).orderBy(desc(workVersions.version));
    const byId = await filesById(rows.flatMap((v) => v.attachmentIds));
    const nameOf = await names(rows.map((v) => v.examinedBy));
    return rows.map((v) => versionView(v, byId, nameOf));
  }

  async function mySubmissionView(s: SubmissionRow): Promise<W.MySubmission> {
    const byId = await filesById(s.attachmentIds);
    const nameOf = await names([s.examinedBy]);
    return {
      id: s.id,
      state: s.state,
      revision: s.revision,
      version: s.version,
      text: s.text,
      html: renderMarkdown(s.text),
      practice: practiceView(s.practice),
      wordCount: s.wordCount,
      attachments: filesOf(s.attachmentIds, byId),
      late: s.late,
      savedAt: iso(s.savedAt),
      submittedAt: isoOrNull(s.submittedAt),
      score: s.score,
      comment: s.comment,
      examinedBy: s.examinedBy === null ? null : (nameOf.get(s.examinedBy) ?? null),
      examinedAt: isoOrNull(s.examinedAt),
      editable: s.state === 'draft' || s.state === 'returned',
    };
  }

  async function mine(workId: number, personId: number, tx: Q = db): Promise<SubmissionRow | null> {
    const [s] = await tx
      .select()
      .from(workSubmissions)
      .where(and(eq(workSubmissions.workId, workId), eq(workSubmissions.personId, personId)));
    return s ?? null;
  }

  async function extensionOf(workId: number, personId: number): Promise<Date | null> {
    const [e] = await db
      .select({ until: workExtensions.until })
      .from(workExtensions)
      .where(and(eq(workExtensions.workId, workId), eq(workExtensions.personId, personId)));
    return e?.until ?? null;
  }

  /** The assignment of `workId` when the caller is a member of its class; otherwise the refusal. */
  async function myWork(caller: Caller, workId: number): Promise<Labelled> {
    const r = await workWithLabels(workId, caller.personId);
    if (!r) throw new Refusal(M.workNotFound);
    return r;
  }

  /** The draft as sent, cleaned, its attachments checked as the caller's own files of this assignment within the limits. */
  async function cleanDraft(caller: Caller, w: WorkRow, body: W.DraftBody) {
    const text = w.kind === 'homework' ? cleanText(body.text) : '';
    const practice = w.kind === 'practice' ? cleanPractice(body.practice) : null;
    const ids = [...new Set(body.attachmentIds)];
    const byId = await filesById(ids);
    for (const id of ids) {
      const f = byId.get(id);
      if (!f || f.personId !== caller.personId || f.workId !== w.id) throw new Refusal(M.fileNotFound);
    }
    const fileCount = ids.filter((id) => byId.get(id)!.kind === 'file').length;
    const photoCount = ids.length - fileCount;
    if (photoCount > 0 && w.kind !== 'practice') throw new Refusal(M.attachmentsNotAllowed);
    if (fileCount > 0 && w.maxFiles === 0) throw new Refusal(M.attachmentsNotAllowed);
    const filesAllowed = W.filesAllowed(w.maxFiles);
    if (fileCount > filesAllowed) throw new Refusal(W.tooManyFiles(filesAllowed));
    if (photoCount > L.photosMax) throw new Refusal(M.tooManyPhotos);
    if (ids.reduce((s, id) => s + byId.get(id)!.size, 0) > L.submissionMaxBytes) throw new Refusal(M.submissionTooLarge);
    const words = practice ? practiceWords(practice) : wordCount(text);
    return { text, practice, attachmentIds: ids, wordCount: words };
  }
  type Draft = Awaited<ReturnType<typeof cleanDraft>>;
  const sameDraft = (s: SubmissionRow, d: Draft) => s.text === d.text && samePractice(s.practice, d.practice) && sameIds(s.attachmentIds, d.attachmentIds);

  function readOnlyRefusal(s: SubmissionRow): never {
    throw new Refusal(s.state === 'passed' ? M.passedReadOnly : M.readOnly);
  }

  /**
   * Saves the draft when `revision` is still its revision (one conditional UPDATE: two tabs or a
   * late autosave cannot both win); the first save of revision 0 creates it. A repeat of the content
   * already saved answers the current revision (a retry whose answer was lost).
   */
  async function save(tx: Q, caller: Caller, w: WorkRow, revision: number, d: Draft): Promise<SubmissionRow> {
    const now = new Date();
    if (revision === 0) {
      const [created] = await tx
        .insert(workSubmissions)
        .values({ workId: w.id, personId: caller.personId, state: 'draft', revision: 1, ...d, savedAt: now })
        .onConflictDoNothing()
        .returning();
      if (created) return created;
    } else {
      const [updated] = await tx
        .update(workSubmissions)
        .set({ ...d, revision: sql`${workSubmissions.revision} + 1`, savedAt: now })
        .where(
          and(
            eq(workSubmissions.workId, w.id),
            eq(workSubmissions.personId, caller.personId),
            eq(workSubmissions.revision, revision),
            inArray(workSubmissions.state, ['draft', 'returned']),
          ),
        )
        .returning();
      if (updated) return updated;
    }
    const current = await mine(w.id, caller.personId, tx);
    if (!current) throw new Refusal(M.stale);
    if (current.state === 'submitted' || current.state === 'passed') readOnlyRefusal(current);
    if (sameDraft(current, d)) return current;
    throw new Refusal(M.stale);
  }

  // ---- the teacher's lists ---------------------------------------------------------------------------

  interface RowFilter {
    kind: W.WorkKind;
    workId?: number | undefined;
    state?: W.ReviewFilter | undefined;
    late?: 'true' | 'false' | undefined;
    keyword?: string | undefined;
    /** Members who have submitted nothing are rows too (one assignment's list); else only with state=missing. */
    withMissing: boolean;
  }

  const STATE_ORDER = sql`case coalesce(${workVersions.state}, 'none') when 'submitted' then 0 when 'returned' then 1 when 'passed' then 2 else 3 end`;

  /** Members × assignments of the class, with the last submitted version of each; the screen's and the export's one query. */
  async function rowsPage(cls: ClassRow, f: RowFilter, q: PageQuery): Promise<Page<W.SubmissionRow>> {
    const submitted = sql`${workSubmissions.version} > 0`;
    const where: (SQL | undefined)[] = [
      eq(works.classId, cls.id),
      eq(works.kind, f.kind),
      f.workId === undefined ? undefined : eq(works.id, f.workId),
      f.state === 'pending' ? eq(workVersions.state, 'submitted') : undefined,
      f.state === 'passed' ? eq(workVersions.state, 'passed') : undefined,
      f.state === 'returned' ? eq(workVersions.state, 'returned') : undefined,
      f.state === 'missing' ? sql`(${workSubmissions.id} is null or ${workSubmissions.version} = 0)` : undefined,
      f.state === undefined && !f.withMissing ? submitted : undefined,
      f.late === 'true' ? sql`${workSubmissions.late} and ${submitted}` : undefined,
      f.late === 'false' ? sql`not coalesce(${workSubmissions.late} and ${submitted}, false)` : undefined,
      f.keyword
        ? sql`(${persons.personName} ilike ${containsPattern(f.keyword)} or ${persons.personNo} ilike ${containsPattern(f.keyword)} or coalesce(${organs.name}, '') ilike ${containsPattern(f.keyword)})`
        : undefined,
    ];
    const examiner = sql<string | null>`(select ${persons.personName} from ${persons} where ${persons.personId} = ${workVersions.examinedBy})`;
    const rows = await db
      .select({
        submissionId: workSubmissions.id,
        version: sql<number>`coalesce(${workSubmissions.version}, 0)`.mapWith(Number),
        draftState: workSubmissions.state,
        workId: works.id,
        workTitle: works.title,
        personId: persons.personId,
        personNo: persons.personNo,
        personName: persons.personName,
        organName: sql<string>`coalesce(${organs.name}, '')`,
        v: workVersions,
        examinedByName: examiner,
        extensionUntil: workExtensions.until,
        total: sql<number>`count(*) over()`.mapWith(Number),
      })
      .from(works)
      .innerJoin(classMembers, eq(classMembers.classId, works.classId))
      .innerJoin(persons, eq(persons.personId, classMembers.personId))
      .leftJoin(organs, eq(organs.id, persons.organId))
      .leftJoin(workExtensions, and(eq(workExtensions.workId, works.id), eq(workExtensions.personId, persons.personId)))
      .leftJoin(workSubmissions, and(eq(workSubmissions.workId, works.id), eq(workSubmissions.personId, persons.personId)))
      .leftJoin(workVersions, and(eq(workVersions.submissionId, workSubmissions.id), eq(workVersions.version, workSubmissions.version)))
      .where(and(...where))
      .orderBy(STATE_ORDER, asc(workVersions.submittedAt), desc(works.dueAt), asc(persons.personNo), asc(works.id))
      .limit(q.pageSize)
      .offset(offsetOf(q));
    const list = rows.map((r): W.SubmissionRow => {
      const v = r.v;
      return {
        submissionId: v ? r.submissionId : null,
        workId: r.workId,
        workTitle: r.workTitle,
        personId: r.personId,
        personNo: r.personNo,
        personName: r.personName,
        organName: r.organName,
        state: v ? v.state : (r.draftState ?? 'none'),
        version: v ? r.version : 0,
        wordCount: v?.wordCount ?? 0,
        attachmentCount: v?.attachmentIds.length ?? 0,
        late: v?.late ?? false,
        submittedAt: v ? iso(v.submittedAt) : null,
        score: v?.score ?? null,
        examinedBy: v ? r.examinedByName : null,
        examinedAt: isoOrNull(v?.examinedAt),
        extensionUntil: isoOrNull(r.extensionUntil),
      };
    });
    const total = rows[0]?.total ?? (q.pageNum > 1 ? (await rowsPage(cls, f, { pageNum: 1, pageSize: 1 })).total : 0);
    return pageOf(q, list, total);
  }

  /** Each assignment of the class with its counts. */
  async function classWorks(cls: ClassRow, kind: W.WorkKind, workId?: number): Promise<W.ClassWorkItem[]> {
    const rows = await db
      .select({
        ...labelled,
        members: sql<number>`(select count(*) from ${classMembers} where ${classMembers.classId} = ${works.classId})`.mapWith(Number),
        // Awaiting review as the review queue counts it: a hand-in under a review held in its undo window is spoken for.
        pending: sql<number>`(select count(*) from ${workSubmissions} where ${workSubmissions.workId} = ${works.id} and ${workSubmissions.state} = 'submitted' and not ${heldReviewOf(workSubmissions.id)})`.mapWith(Number),
        passed: sql<number>`(select count(*) from ${workSubmissions} where ${workSubmissions.workId} = ${works.id} and ${workSubmissions.state} = 'passed')`.mapWith(Number),
        returned: sql<number>`(select count(*) from ${workSubmissions} where ${workSubmissions.workId} = ${works.id} and ${workSubmissions.state} = 'returned' and ${workSubmissions.version} > 0)`.mapWith(Number),
        handedIn: sql<number>`(select count(*) from ${workSubmissions} s join ${classMembers} m on m.class_id = ${works.classId} and m.person_id = s.person_id where s.work_id = ${works.id} and s.version > 0)`.mapWith(Number),
        late: sql<number>`(select count(*) from ${workSubmissions} where ${workSubmissions.workId} = ${works.id} and ${workSubmissions.version} > 0 and ${workSubmissions.late})`.mapWith(Number),
      })
      .from(works)
      .innerJoin(teacherClasses, eq(teacherClasses.id, works.classId))
      .leftJoin(courses, eq(courses.id, works.courseId))
      .leftJoin(installs, eq(installs.id, sql`coalesce(${works.installId}, ${teacherClasses.installId})`))
      .where(and(eq(works.classId, cls.id), eq(works.kind, kind), workId === undefined ? undefined : eq(works.id, workId)))
      .orderBy(desc(works.dueAt), desc(works.id));
    return rows.map((r) => ({
      ...itemOf(r),
      members: r.members,
      pending: r.pending,
      reviewed: r.passed + r.returned,
      passed: r.passed,
      returned: r.returned,
      missing: Math.max(0, r.members - r.handedIn),
      late: r.late,
    }));
  }

  async function classWork(a: ClassAccess, workId: number, kind: W.WorkKind): Promise<W.ClassWorkItem> {
    const [w] = await classWorks(a.cls, kind, workId);
    if (!w) throw new Refusal(M.workNotFound);
    return w;
  }

  /** The next submission of the assignment awaiting review after `current`, in list order, wrapping round. */
  async function nextPending(workId: number, current: number): Promise<number | null> {
    const rows = await db
      .select({ id: workSubmissions.id })
      .from(workSubmissions)
      .innerJoin(workVersions, and(eq(workVersions.submissionId, workSubmissions.id), eq(workVersions.version, workSubmissions.version)))
      .innerJoin(persons, eq(persons.personId, workSubmissions.personId))
      .where(and(eq(workSubmissions.workId, workId), eq(workSubmissions.state, 'submitted'), sql`not ${heldReviewOf(workSubmissions.id)}`))
      .orderBy(asc(workVersions.submittedAt), asc(persons.personNo));
    const ids = rows.map((r) => r.id);
    const at = ids.indexOf(current);
    const after = at < 0 ? ids : [...ids.slice(at + 1), ...ids.slice(0, at)];
    return after.find((id) => id !== current) ?? null;
  }

  type ReviewAction = 'examineWork' | 'auditPractice';

  /**
   * Records the review of the version the teacher read, once: the row is locked, and a review of a
   * submission no longer awaiting review, or of an older version, is refused. The learner's message
   * goes in the same transaction.
   */
  async function review(a: ClassAccess, kind: W.WorkKind, body: { submissionId: number; version: number; outcome: 'passed' | 'returned'; score: number | null; comment: string }) {
    const action: ReviewAction = kind === 'homework' ? 'examineWork' : 'auditPractice';
    const refuse = async (message: string): Promise<never> => {
      await platform.audit({ personId: a.teacher.personId, ip: a.ip, event: `teacher.${action}`, target: `submission:${body.submissionId}`, outcome: 'failure', detail: { classId: a.cls.id, reason: message } });
      throw new Refusal(message);
    };
    const refusal = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ s: workSubmissions, w: works })
        .from(workSubmissions)
        .innerJoin(works, eq(works.id, workSubmissions.workId))
        .where(and(eq(workSubmissions.id, body.submissionId), eq(works.classId, a.cls.id)))
        .for('update', { of: workSubmissions });
      if (!row || row.s.version === 0) return M.submissionNotFound;
      if (row.w.kind !== kind) return kind === 'practice' ? M.notPractice : M.notHomework;
      // Reviewed meanwhile by another teacher of the class (two at once: the one who locked the row first stands).
      if (row.s.state !== 'submitted') return row.s.examinedBy !== null && row.s.examinedBy !== a.teacher.personId ? M.reviewedByOther : M.notPending;
      if (row.s.version !== body.version) return M.versionChanged;
      // A review made in the review queue is held for its undo window: the hand-in is spoken for, and that review will stand.
      if ((await heldReviewsOn(tx, [row.s.id])).size > 0) return M.heldInQueue;
      const result = await applyReview(tx, row.s, row.w, { outcome: body.outcome, score: body.score, comment: body.comment, teacherId: a.teacher.personId, at: new Date() });
      return { s: row.s, w: row.w, result };
    });
    if (typeof refusal === 'string') return refuse(refusal);
    const { s, w, result } = refusal;
    await platform.audit({
      personId: a.teacher.personId,
      ip: a.ip,
      event: `teacher.${action}`,
      target: `submission:${s.id}`,
      outcome: 'success',
      detail: { classId: a.cls.id, workId: w.id, personId: s.personId, version: s.version, state: result.state, score: result.score },
    });
    return {
      submissionId: s.id,
      state: result.state,
      version: s.version,
      score: result.score,
      comment: result.comment,
      examinedBy: a.teacher.personName,
      examinedAt: iso(result.examinedAt),
      nextPendingId: await nextPending(w.id, s.id),
    };
  }

  async function myWorks(caller: Caller, f: { kind?: W.WorkKind | undefined; state?: W.WorkState | undefined }, q: PageQuery): Promise<Page<W.MyWorkItem>> {
    const now = new Date();
    const state = sql`coalesce(${workSubmissions.state}, 'none')`;
    const closed = sql`(${works.cutoffAt} is not null and greatest(${works.cutoffAt}, ${workExtensions.until}) < ${now.toISOString()}::timestamptz)`;
    const needsAction = sql`(${workSubmissions.state} in ('draft', 'returned') or (${workSubmissions.id} is null and not ${closed}))`;
    const rows = await db
      .select({
        ...labelled,
        s: workSubmissions,
        extensionUntil: workExtensions.until,
        total: sql<number>`count(*) over()`.mapWith(Number),
      })
      .from(works)
      .innerJoin(classMembers, and(eq(classMembers.classId, works.classId), eq(classMembers.personId, caller.personId)))
      .innerJoin(teacherClasses, eq(teacherClasses.id, works.classId))
      .leftJoin(courses, eq(courses.id, works.courseId))
      .leftJoin(installs, eq(installs.id, sql`coalesce(${works.installId}, ${teacherClasses.installId})`))
      .leftJoin(workSubmissions, and(eq(workSubmissions.workId, works.id), eq(workSubmissions.personId, caller.personId)))
      .leftJoin(workExtensions, and(eq(workExtensions.workId, works.id), eq(workExtensions.personId, caller.personId)))
      .where(and(f.kind ? eq(works.kind, f.kind) : undefined, f.state ? sql`${state} = ${f.state}` : undefined))
      .orderBy(sql`case when ${needsAction} then 0 else 1 end`, sql`case when ${needsAction} then ${works.dueAt} end asc`, desc(works.dueAt), desc(works.id))
      .limit(q.pageSize)
      .offset(offsetOf(q));
    const list = rows.map((r): W.MyWorkItem => ({
      ...itemOf(r),
      state: r.s?.state ?? 'none',
      score: r.s?.score ?? null,
      late: r.s ? r.s.late && r.s.version > 0 : false,
      submittedAt: isoOrNull(r.s?.submittedAt),
      examinedAt: isoOrNull(r.s?.examinedAt),
      ...deadline(r.w, r.extensionUntil, now),
    }));
    const total = rows[0]?.total ?? (q.pageNum > 1 ? (await myWorks(caller, f, { pageNum: 1, pageSize: 1 })).total : 0);
    return pageOf(q, list, total);
  }

  const EXPORT_COLUMNS = (kind: W.WorkKind): XlsxExport<W.SubmissionRow>['columns'] => [
    { header: '学号', width: 14, kind: 'text', value: (r) => r.personNo },
    { header: '姓名', width: 10, kind: 'text', value: (r) => r.personName },
    { header: '工作单位', width: 28, kind: 'text', value: (r) => r.organName },
    { header: '状态', width: 12, kind: 'text', value: (r) => (r.version === 0 ? '未提交' : W.workStateLabel(kind, r.state)) },
    { header: '提交次数', width: 10, kind: 'number', value: (r) => r.version },
    { header: '提交时间', width: 18, kind: 'datetime', value: (r) => (r.submittedAt ? new Date(r.submittedAt) : null) },
    { header: '逾期', width: 8, kind: 'text', value: (r) => (r.late ? '逾期' : '') },
    { header: '字数', width: 8, kind: 'number', value: (r) => (r.version === 0 ? null : r.wordCount) },
    { header: '附件数', width: 8, kind: 'number', value: (r) => (r.version === 0 ? null : r.attachmentCount) },
    { header: '成绩', width: 8, kind: 'number', value: (r) => r.score },
    { header: '批阅人', width: 10, kind: 'text', value: (r) => r.examinedBy ?? '' },
    { header: '批阅时间', width: 18, kind: 'datetime', value: (r) => (r.examinedAt ? new Date(r.examinedAt) : null) },
  ];

  return {
    // ---- learner ---------------------------------------------------------------------------------

    myWorks,

    async detail(caller: Caller, workId: number): Promise<W.WorkDetail> {
      const r = await myWork(caller, workId);
      const s = await mine(workId, caller.personId);
      return {
        work: { ...itemOf(r), requirement: r.w.requirement, requirementHtml: renderMarkdown(r.w.requirement), ...deadline(r.w, await extensionOf(workId, caller.personId)) },
        submission: s ? await mySubmissionView(s) : null,
      };
    },

    async versions(caller: Caller, workId: number): Promise<W.WorkVersion[]> {
      await myWork(caller, workId);
      const s = await mine(workId, caller.personId);
      return s ? versionsOf(s.id) : [];
    },

    async saveDraft(caller: Caller, body: W.DraftBody) {
      const { w } = await myWork(caller, body.workId);
      const d = await cleanDraft(caller, w, body);
      const s = await save(db, caller, w, body.revision, d);
      return { submissionId: s.id, revision: s.revision, savedAt: iso(s.savedAt), wordCount: s.wordCount };
    },

    /**
     * Saves what was sent (kept even when the hand-in is refused), then hands it in, in one
     * transaction with the row locked: a new version numbered after the last, checked against the
     * word limits, the template and the deadlines. A save from elsewhere in between makes it stale.
     */
    async submit(caller: Caller, body: W.DraftBody, ip: string): Promise<W.MySubmission> {
      const { w } = await myWork(caller, body.workId);
      const d = await cleanDraft(caller, w, body);
      const saved = await save(db, caller, w, body.revision, d);
      const { dueAt, cutoffAt } = deadlinesFor(w, await extensionOf(w.id, caller.personId));
      const refuse = async (message: string): Promise<never> => {
        await platform.audit({ personId: caller.personId, ip, event: 'work.submit', target: `work:${w.id}`, outcome: 'failure', detail: { submissionId: saved.id, reason: message } });
        throw new Refusal(message);
      };
      if (saved.version === 0 && cutoffAt !== null && new Date() > cutoffAt) return refuse(M.pastCutoff);
      if (w.kind === 'homework' && d.text.trim() === '') return refuse(M.textRequired);
      if (d.practice && (!d.practice.time || !d.practice.place || !d.practice.done.trim() || !d.practice.outcome.trim())) return refuse(M.practiceFieldsRequired);
      if (w.minWords > 0 && d.wordCount < w.minWords) return refuse(W.tooFewWords(w.minWords, d.wordCount));
      if (w.maxWords > 0 && d.wordCount > w.maxWords) return refuse(W.tooManyWords(w.maxWords, d.wordCount));
      const result = await db.transaction(async (tx) => {
        const [s] = await tx.select().from(workSubmissions).where(eq(workSubmissions.id, saved.id)).for('update');
        if (!s || s.revision !== saved.revision) return M.stale;
        if (s.state === 'submitted' || s.state === 'passed') return s.state === 'passed' ? M.passedReadOnly : M.readOnly;
        const now = new Date();
        const first = s.version === 0;
        if (first && cutoffAt !== null && now > cutoffAt) return M.pastCutoff;
        const late = first ? now > dueAt : s.late;
        const version = s.version + 1;
        await tx.insert(workVersions).values({ submissionId: s.id, version, text: s.text, practice: s.practice, attachmentIds: s.attachmentIds, wordCount: s.wordCount, late, submittedAt: now, state: 'submitted' });
        const [done] = await tx
          .update(workSubmissions)
          .set({ state: 'submitted', version, late, submittedAt: now, revision: sql`${workSubmissions.revision} + 1`, score: null, comment: '', examinedBy: null, examinedAt: null })
          .where(eq(workSubmissions.id, s.id))
          .returning();
        return done!;
      });
      if (typeof result === 'string') return refuse(result);
      await platform.audit({ personId: caller.personId, ip, event: 'work.submit', target: `work:${w.id}`, outcome: 'success', detail: { submissionId: result.id, version: result.version, late: result.late } });
      return mySubmissionView(result);
    },

    /** Deletes a draft never handed in, and the files uploaded for it. */
    async deleteDraft(caller: Caller, workId: number) {
      await myWork(caller, workId);
      const deleted = await db
        .delete(workSubmissions)
        .where(and(eq(workSubmissions.workId, workId), eq(workSubmissions.personId, caller.personId), eq(workSubmissions.state, 'draft'), eq(workSubmissions.version, 0)))
        .returning({ id: workSubmissions.id });
      if (deleted.length === 0) throw new Refusal((await mine(workId, caller.personId)) ? M.notDraft : M.nothingToDelete);
      // Never handed in, so none of the learner's files of this assignment is part of a version: they go too.
      const gone = await db
        .delete(workFiles)
        .where(and(eq(workFiles.workId, workId), eq(workFiles.personId, caller.personId)))
        .returning({ storageKey: workFiles.storageKey });
      await Promise.all(gone.map((f) => files.remove(f.storageKey)));
      return { workId };
    },

    /**
     * One attachment for the caller's draft: type by content (and it must be what its name says), within the
     * limits, stored under a generated name. The file comes whole and within its size limit from the upload
     * reading (http/body.ts readUpload).
     */
    async upload(caller: Caller, workId: number, file: { bytes: Buffer; name: string } | null, kind: 'file' | 'photo', ip: string): Promise<W.WorkFile> {
      const { w } = await myWork(caller, workId);
      const refuse = async (message: string): Promise<never> => {
        await platform.audit({ personId: caller.personId, ip, event: 'work.upload', target: `work:${workId}`, outcome: 'failure', detail: { kind, name: file?.name ?? '', size: file?.bytes.length ?? 0, reason: message } });
        throw new Refusal(message);
      };
      if (kind === 'photo' ? w.kind !== 'practice' : w.maxFiles === 0) return refuse(M.attachmentsNotAllowed);
      const s = await mine(workId, caller.personId);
      if (s && (s.state === 'submitted' || s.state === 'passed')) return refuse(s.state === 'passed' ? M.passedReadOnly : M.readOnly);
      if (!file || file.bytes.length === 0) return refuse(M.fileMissing);
      const type = workFileTypeOf(file.bytes);
      // The type the learner chose by its name (by its content when it has none): one not accepted is
      // refused naming the accepted ones, then content that is not that type.
      const claimed = file.name === '' ? type : W.workFileTypeOfName(file.name);
      const allowed: readonly WorkFileType[] = kind === 'photo' ? W.PHOTO_TYPES : W.WORK_FILE_TYPES;
      if (!claimed || !allowed.includes(claimed)) return refuse(kind === 'photo' ? M.photoType : M.fileType);
      if (type !== claimed) return refuse(kind === 'photo' ? M.photoMismatch : M.fileMismatch);
      const current = await filesById(s?.attachmentIds ?? []);
      const same = [...current.values()].filter((f) => f.kind === kind);
      if (kind === 'photo' && same.length >= L.photosMax) return refuse(M.tooManyPhotos);
      const filesAllowed = W.filesAllowed(w.maxFiles);
      if (kind === 'file' && same.length >= filesAllowed) return refuse(W.tooManyFiles(filesAllowed));
      if ([...current.values()].reduce((sum, f) => sum + f.size, 0) + file.bytes.length > L.submissionMaxBytes) return refuse(M.submissionTooLarge);
      await platform.limit(`workUpload:${caller.personId}`, uploadsPerHour, 3600, { ip, event: 'work.upload', personId: caller.personId });
      const storageKey = `works/${caller.personId}/${newId(16)}.${type}`;
      await files.put(storageKey, file.bytes);
      const [row] = await db
        .insert(workFiles)
        .values({ workId, personId: caller.personId, kind, name: cleanFileName(file.name, type), type, size: file.bytes.length, storageKey })
        .returning();
      await platform.audit({ personId: caller.personId, ip, event: 'work.upload', target: `work:${workId}`, outcome: 'success', detail: { fileId: row!.id, kind, type, size: row!.size } });
      return fileView(row!);
    },

    /**
     * The file for its learner, or for a teacher of the assignment's class once it is part of a
     * submitted version; null (not found) for anybody else.
     */
    async download(caller: Caller, fileId: number): Promise<{ bytes: Buffer; type: WorkFileType; name: string } | null> {
      const [row] = await db.select({ f: workFiles, classId: works.classId }).from(workFiles).innerJoin(works, eq(works.id, workFiles.workId)).where(eq(workFiles.id, fileId));
      if (!row) return null;
      const { f } = row;
      let allowed = f.personId === caller.personId;
      if (!allowed && caller.personType === 4 && (await classOfTeacher(caller.personId, row.classId))) {
        const [handedIn] = await db
          .select({ id: workVersions.id })
          .from(workVersions)
          .innerJoin(workSubmissions, eq(workSubmissions.id, workVersions.submissionId))
          .where(and(eq(workSubmissions.workId, f.workId), eq(workSubmissions.personId, f.personId), sql`${workVersions.attachmentIds} @> ${JSON.stringify([f.id])}::jsonb`))
          .limit(1);
        allowed = handedIn !== undefined;
      }
      if (!allowed) return null;
      return { bytes: await files.get(f.storageKey), type: f.type, name: f.name };
    },

    // ---- teacher ---------------------------------------------------------------------------------

    classWorks: (a: ClassAccess, kind: W.WorkKind) => classWorks(a.cls, kind),

    async submissions(a: ClassAccess, f: Omit<W.SubmissionFilter, 'classId'>, q: PageQuery) {
      const work = await classWork(a, f.workId, 'homework');
      return { ...(await rowsPage(a.cls, { ...f, kind: 'homework', withMissing: true }, q)), work };
    },

    async submissionsExport(a: ClassAccess, f: Omit<W.SubmissionFilter, 'classId'>): Promise<XlsxExport<W.SubmissionRow>> {
      const work = await classWork(a, f.workId, 'homework');
      await platform.audit({ personId: a.teacher.personId, ip: a.ip, event: 'teacher.export', target: `class:${a.cls.id}`, outcome: 'success', detail: { file: 'work', filter: f } });
      const date = chinaDate();
      const filterText = [f.state ? W.REVIEW_FILTER_LABELS[f.state] : '', f.late === 'true' ? '逾期' : f.late === 'false' ? '未逾期' : '', f.keyword ? `含“${f.keyword}”` : ''].filter(Boolean).join('、');
      return {
        fileName: `${a.cls.name}-${work.title}-作业提交情况-${date}`.slice(0, 120),
        asciiName: `class-${a.cls.id}-work-${work.id}-${date}`,
        sheetName: '作业提交情况',
        title: `${a.cls.name}${bookTitle(work.title)}作业提交情况（截止：${chinaDate(new Date(work.dueAt))}；导出日期：${date}${filterText ? `；筛选：${filterText}` : ''}）`,
        columns: EXPORT_COLUMNS('homework'),
        rows: allRows((q) => rowsPage(a.cls, { ...f, kind: 'homework', withMissing: true }, q)),
      };
    },

    async submission(a: ClassAccess, submissionId: number): Promise<W.SubmissionDetail> {
      const [row] = await db
        .select({ s: workSubmissions, personNo: persons.personNo, personName: persons.personName, organName: sql<string>`coalesce(${organs.name}, '')` })
        .from(workSubmissions)
        .innerJoin(works, eq(works.id, workSubmissions.workId))
        .innerJoin(persons, eq(persons.personId, workSubmissions.personId))
        .leftJoin(organs, eq(organs.id, persons.organId))
        .where(and(eq(workSubmissions.id, submissionId), eq(works.classId, a.cls.id)));
      if (!row || row.s.version === 0) {
        await platform.audit({ personId: a.teacher.personId, ip: a.ip, event: 'teacher.access', target: `submission:${submissionId}`, outcome: 'failure', detail: { classId: a.cls.id, reason: 'submissionNotFound' } });
        throw new Refusal(M.submissionNotFound, UC_CODE.invalid);
      }
      const labelled = (await workWithLabels(row.s.workId, null, a.cls.id))!;
      const versions = await versionsOf(row.s.id);
      const [current, previous] = versions;
      const textOf = (v: W.WorkVersion) => (v.practice ? practiceText(v.practice) : v.text);
      return {
        work: { ...itemOf(labelled), requirement: labelled.w.requirement, requirementHtml: renderMarkdown(labelled.w.requirement) },
        submissionId: row.s.id,
        personId: row.s.personId,
        personNo: row.personNo,
        personName: row.personName,
        organName: row.organName,
        state: current!.state,
        current: current!,
        versions,
        diff: previous ? diffTexts(textOf(previous), textOf(current!)) : null,
        nextPendingId: await nextPending(row.s.workId, row.s.id),
      };
    },

    examine: (a: ClassAccess, body: { submissionId: number; version: number; decision: 'pass' | 'return'; score: number | null; comment: string }) => {
      if (body.decision === 'pass' && body.score === null) throw new Refusal(M.scoreRequired);
      if (body.decision === 'return' && !body.comment) throw new Refusal(M.commentRequired);
      return review(a, 'homework', { ...body, score: body.score === null ? null : round1(body.score), outcome: body.decision === 'pass' ? 'passed' : 'returned' });
    },

    practices: (a: ClassAccess, f: { workId?: number | undefined; state?: W.ReviewFilter | undefined; late?: 'true' | 'false' | undefined; keyword?: string | undefined }, q: PageQuery) =>
      rowsPage(a.cls, { ...f, kind: 'practice', withMissing: false }, q),

    audit: (a: ClassAccess, body: { submissionId: number; version: number; decision: 'approve' | 'reject'; comment: string }) => {
      if (body.decision === 'reject' && !body.comment) throw new Refusal(M.rejectCommentRequired);
      return review(a, 'practice', { ...body, score: null, outcome: body.decision === 'approve' ? 'passed' : 'returned' });
    },

    /** A later deadline for one member of the class, replacing any earlier one; the learner is told. */
    async grantExtension(a: ClassAccess, body: { workId: number; personId: number; until: string; reason: string }) {
      const refuse = async (message: string): Promise<never> => {
        await platform.audit({ personId: a.teacher.personId, ip: a.ip, event: 'teacher.grantExtension', target: `work:${body.workId}`, outcome: 'failure', detail: { classId: a.cls.id, personId: body.personId, reason: message } });
        throw new Refusal(message);
      };
      const [w] = await db.select().from(works).where(and(eq(works.id, body.workId), eq(works.classId, a.cls.id)));
      if (!w) return refuse(M.workNotFound);
      const [member] = await db
        .select({ personId: classMembers.personId })
        .from(classMembers)
        .where(and(eq(classMembers.classId, a.cls.id), eq(classMembers.personId, body.personId)));
      if (!member) return refuse(M.notMember);
      const until = new Date(body.until);
      if (until.getTime() <= Date.now()) return refuse(M.extensionPast);
      if (until.getTime() > (w.cutoffAt ?? w.dueAt).getTime() + EXTENSION_MAX_MS) return refuse(M.extensionTooLong);
      await db.transaction(async (tx) => {
        await tx
          .insert(workExtensions)
          .values({ workId: w.id, personId: body.personId, until, reason: body.reason, grantedBy: a.teacher.personId })
          .onConflictDoUpdate({ target: [workExtensions.workId, workExtensions.personId], set: { until, reason: body.reason, grantedBy: a.teacher.personId, grantedAt: new Date() } });
        const when = collegeChineseDateTime(until);
        const what = w.kind === 'homework' ? '作业' : '实践报告';
        await notifyLearner(tx, { classId: w.classId, senderId: a.teacher.personId, personId: body.personId, title: `${what}已延期：${w.title}`.slice(0, 50), content: `班主任已将您的${what}${bookTitle(w.title)}提交截止时间延至${when}。${body.reason ? `说明：${body.reason}` : ''}`.slice(0, 500) });
      });
      await platform.audit({ personId: a.teacher.personId, ip: a.ip, event: 'teacher.grantExtension', target: `work:${w.id}`, outcome: 'success', detail: { classId: a.cls.id, personId: body.personId, until: until.toISOString(), reason: body.reason } });
      return { workId: w.id, personId: body.personId, extensionUntil: iso(until) };
    },

    /**
     * Per member among `personIds`: the class's homework and practice reports they have not handed in
     * and may still hand in (no cut-off, or a cut-off, an extension's included, still ahead), by due
     * date; the reminders' {未交作业}.
     */
    async notHandedIn(classId: number, personIds: number[], now = new Date()): Promise<Map<number, { title: string; dueAt: Date }[]>> {
      const out = new Map<number, { title: string; dueAt: Date }[]>(personIds.map((id) => [id, []]));
      if (personIds.length === 0) return out;
      const rows = await db
        .select({ personId: classMembers.personId, w: works, extension: workExtensions.until })
        .from(works)
        .innerJoin(classMembers, eq(classMembers.classId, works.classId))
        .leftJoin(workSubmissions, and(eq(workSubmissions.workId, works.id), eq(workSubmissions.personId, classMembers.personId)))
        .leftJoin(workExtensions, and(eq(workExtensions.workId, works.id), eq(workExtensions.personId, classMembers.personId)))
        .where(and(eq(works.classId, classId), inArray(classMembers.personId, personIds), sql`coalesce(${workSubmissions.version}, 0) = 0`))
        .orderBy(asc(works.dueAt), asc(works.id));
      for (const r of rows) {
        const d = deadlinesFor(r.w, r.extension);
        if (d.cutoffAt === null || d.cutoffAt > now) out.get(r.personId)!.push({ title: r.w.title, dueAt: d.dueAt });
      }
      return out;
    },

    async pending(teacher: Caller) {
      const classes = await classesOf(teacher.personId);
      if (classes.length === 0) return [];
      const rows = await db
        .select({ classId: works.classId, kind: works.kind, n: sql<number>`count(*)`.mapWith(Number) })
        .from(workSubmissions)
        .innerJoin(works, eq(works.id, workSubmissions.workId))
        .where(and(inArray(works.classId, classes.map((c) => c.id)), eq(workSubmissions.state, 'submitted'), sql`not ${heldReviewOf(workSubmissions.id)}`))
        .groupBy(works.classId, works.kind);
      const n = (classId: number, kind: W.WorkKind) => rows.find((r) => r.classId === classId && r.kind === kind)?.n ?? 0;
      return classes.map((c) => ({ classId: c.id, className: c.name, homework: n(c.id, 'homework'), practice: n(c.id, 'practice') }));
    },
  };
}
export type WorkService = ReturnType<typeof makeWork>;
