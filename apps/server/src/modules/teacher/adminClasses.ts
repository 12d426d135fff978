/**
 * 培训管理's classes in the administration area: the teacher module's tables (teacher_classes,
 * class_teachers, class_members, class_courses), written here one record at a time as the imports
 * write them in bulk (modules/import classes.ts). A class belongs to a topic of the catalogue
 * (catalog/adminTraining.ts), which is only read here, as are the people and the learning ledger.
 *
 * - Every change is audited with before and after (recordChange, event adminTraining, as the topics'
 *   are: one 培训管理 in the audit log); a class is changed under its row lock naming the version read,
 *   so two administrators never save over each other (the imports raise the same versions).
 * - A member added to a class of a topic is enrolled in that topic (approved; the learning core's
 *   write, asked through `enrol`), so the topic is on their pages at once; taking them out of the class
 *   leaves the enrolment and every learning record (they are the person's, not the class's).
 * - Learners read these tables on every request; `changed` forgets this instance's rendered pages.
 */
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { adminTraining as T, maskMobile } from '@portal/contract';
import type { z } from 'zod';
import { type Db, type Tx, type Q, one } from '../../db/client.ts';
import { installs } from '../../db/schema/catalog.ts';
import { exams } from '../../db/schema/exam.ts';
import { classMessages } from '../../db/schema/inbox.ts';
import { organs, persons } from '../../db/schema/people.ts';
import { remindRuns, remindSchedules } from '../../db/schema/remind.ts';
import { classCourses, classMembers, classTeachers, teacherClasses } from '../../db/schema/teaching.ts';
import { works } from '../../db/schema/work.ts';
import { Refusal, stale } from '../../http/errors.ts';
import { chinaDate, type XlsxExport } from '../../http/xlsx.ts';
import { allRows, containsPattern, offsetOf, pageOf, iso } from '../../lib/listing.ts';
import type { Platform } from '../platform/service.ts';
import { changeRecorded, recordChange } from '../admin/service.ts';
import type { Who } from '../../http/auth.ts';

type Paging = { pageNum: number; pageSize: number };
type ClassSave = z.infer<typeof T.adminClassSave.body>;
type Role = (typeof T.CLASS_ROLES)[number];

export interface AdminClassesDeps {
  db: Db;
  platform: Platform;
  /** Something learners see changed: forget this instance's rendered pages. */
  changed(): void;
  /** The learning core enrols a member of a topic's class in that topic (same transaction). */
  enrol(tx: Tx, personId: number, installId: number): Promise<void>;
}

const EVENT = 'adminTraining';
/** The one row a plain select answers. */

export function makeAdminClasses({ db, platform, changed, enrol }: AdminClassesDeps) {
  /** The change's audit entry, written in the change's own transaction. */
  const audit = (tx: Tx, who: Who, target: string, action: string, before: unknown, after: unknown) =>
    recordChange(tx, { personId: who.personId, ip: who.ip, event: EVENT, target, action, before, after });

  // ---- classes -------------------------------------------------------------------------------------

  const personColumns = {
    personId: persons.personId,
    personName: persons.personName,
    personNo: persons.personNo,
    mobile: persons.mobile,
    organName: sql<string>`coalesce(${organs.name}, '')`,
    personType: persons.personType,
  };
  const personOut = <R extends { mobile: string }>(r: R) => ({ ...r, mobile: maskMobile(r.mobile) });

  const classColumns = {
    c: teacherClasses,
    installTitle: sql<string>`coalesce(${installs.title}, '')`,
    teachers: sql<string>`coalesce((select string_agg(p.person_name, '、' order by p.person_name) from ${classTeachers} t join ${persons} p on p.person_id = t.person_id where t.class_id = ${teacherClasses.id}), '')`,
    memberCount: sql<number>`(select count(*)::int from ${classMembers} m where m.class_id = ${teacherClasses.id})`,
  };
  type ClassRow = { c: typeof teacherClasses.$inferSelect; installTitle: string; teachers: string; memberCount: number };
  const classItem = ({ c, ...r }: ClassRow): T.AdminClassItem => ({
    id: c.id,
    code: c.code,
    name: c.name,
    installId: c.installId,
    installTitle: r.installTitle,
    startAt: iso(c.startAt),
    endAt: iso(c.endAt),
    requiredHours: c.requiredHours,
    teachers: r.teachers,
    memberCount: r.memberCount,
    version: c.version,
  });

  async function classDetail(q: Q, id: number): Promise<T.AdminClassDetail> {
    const [row] = await q.select(classColumns).from(teacherClasses).leftJoin(installs, eq(installs.id, teacherClasses.installId)).where(eq(teacherClasses.id, id));
    if (!row) throw new Refusal(T.TRAINING_MSG.classMissing, 404);
    const teacherRows = await q
      .select(personColumns)
      .from(classTeachers)
      .innerJoin(persons, eq(persons.personId, classTeachers.personId))
      .leftJoin(organs, eq(organs.id, persons.organId))
      .where(eq(classTeachers.classId, id))
      .orderBy(asc(persons.personName));
    return { ...classItem(row), teacherList: teacherRows.map(personOut) };
  }
  const classRecord = (d: T.AdminClassDetail) => {
    const { teacherList, teachers: _t, memberCount: _m, installTitle: _i, ...rest } = d;
    return { ...rest, teachers: teacherList.map((p) => p.personId) };
  };

  function checkTimes(a: Date, b: Date, message: string) {
    if (b < a) throw new Refusal(message);
  }

  async function checkInstall(q: Q, installId: number | null) {
    if (installId === null) return;
    const [i] = await q.select({ id: installs.id }).from(installs).where(eq(installs.id, installId));
    if (!i) throw new Refusal(T.TRAINING_MSG.topicMissing);
  }

  /** A person's class change, with the class locked: a membership is a row, so add and remove never race into a half state. */
  async function classPeopleChange(who: Who, input: { classId: number; personId: number; role: Role }, adding: boolean) {
    const table = input.role === 'teacher' ? classTeachers : classMembers;
    const label = T.CLASS_ROLE_LABELS[input.role];
    await db.transaction(async (tx) => {
      const [cls] = await tx.select({ id: teacherClasses.id, installId: teacherClasses.installId }).from(teacherClasses).where(eq(teacherClasses.id, input.classId)).for('update');
      if (!cls) throw new Refusal(T.TRAINING_MSG.classMissing, 404);
      const [person] = await tx.select({ personType: persons.personType }).from(persons).where(eq(persons.personId, input.personId));
      if (!person) throw new Refusal(T.TRAINING_MSG.personMissing);
      const link = and(eq(table.classId, input.classId), eq(table.personId, input.personId));
      const [present] = await tx.select({ personId: table.personId }).from(table).where(link);
      if (adding) {
        if (present) throw new Refusal(T.TRAINING_MSG.alreadyIn(label));
        if (input.role === 'teacher' && person.personType !== 4) throw new Refusal(T.TRAINING_MSG.notTeacher);
        await tx.insert(table).values({ classId: input.classId, personId: input.personId });
        // A class's members are its topic's learners: put there by the college, not by applying.
        if (input.role === 'member' && cls.installId !== null) await enrol(tx, input.personId, cls.installId);
      } else {
        if (!present) throw new Refusal(T.TRAINING_MSG.notIn(label));
        // Only the link goes: progress, completions, attempts and certificates are the person's.
        await tx.delete(table).where(link);
      }
      const [p] = await tx.select(personColumns).from(persons).leftJoin(organs, eq(organs.id, persons.organId)).where(eq(persons.personId, input.personId));
      const shown = { personId: input.personId, personName: p?.personName, personNo: p?.personNo, role: label };
      await audit(tx, who, `class:${input.classId}`, `${adding ? '加入' : '移出'}班级${label}`, adding ? null : shown, adding ? shown : null);
    });
    changed();
    return classDetail(db, input.classId);
  }

  async function membersPage(f: z.infer<typeof T.memberFilter> & Paging): Promise<{ list: T.AdminClassMember[]; total: number; pageNum: number; pageSize: number }> {
    const [cls] = await db.select().from(teacherClasses).where(eq(teacherClasses.id, f.classId));
    if (!cls) throw new Refusal(T.TRAINING_MSG.classMissing, 404);
    const where = and(
      eq(classMembers.classId, f.classId),
      f.person ? or(ilike(persons.personName, containsPattern(f.person)), eq(persons.mobile, f.person), eq(persons.personNo, f.person)) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({
          ...personColumns,
          joinedAt: classMembers.joinedAt,
          earnedHours: sql<number>`(select coalesce(sum(cc.hours), 0)::float8 from course_completions cc
                                    where cc.person_id = ${persons.personId} and cc.completed_at between ${cls.startAt.toISOString()}::timestamptz and ${cls.endAt.toISOString()}::timestamptz)`,
        })
        .from(classMembers)
        .innerJoin(persons, eq(persons.personId, classMembers.personId))
        .leftJoin(organs, eq(organs.id, persons.organId))
        .where(where)
        .orderBy(desc(classMembers.joinedAt), asc(persons.personId))
        .limit(f.pageSize)
        .offset(offsetOf(f)),
      db.select({ n: count() }).from(classMembers).innerJoin(persons, eq(persons.personId, classMembers.personId)).where(where),
    ]);
    return pageOf(f, rows.map((r) => ({ ...personOut(r), joinedAt: iso(r.joinedAt), earnedHours: Number(r.earnedHours) })), total?.n ?? 0);
  }

  const svc = {
    async classList(f: z.infer<typeof T.classFilter> & Paging) {
      const where = and(f.name ? ilike(teacherClasses.name, containsPattern(f.name)) : undefined, f.installId ? eq(teacherClasses.installId, f.installId) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select(classColumns)
          .from(teacherClasses)
          .leftJoin(installs, eq(installs.id, teacherClasses.installId))
          .where(where)
          .orderBy(desc(teacherClasses.startAt), desc(teacherClasses.id))
          .limit(f.pageSize)
          .offset(offsetOf(f)),
        db.select({ n: count() }).from(teacherClasses).where(where),
      ]);
      return pageOf(f, rows.map(classItem), total?.n ?? 0);
    },

    /** The list's own query, page after page. */
    async classExport(who: Who, f: z.infer<typeof T.classFilter>): Promise<XlsxExport<T.AdminClassItem>> {
      await platform.audit({ personId: who.personId, ip: who.ip, event: EVENT, target: 'classes:export', outcome: 'success', detail: { action: '导出班级', filter: f } });
      const day = chinaDate();
      return {
        fileName: `班级_${day}`,
        asciiName: `classes-${day}.xlsx`,
        sheetName: '班级',
        title: `班级（导出于 ${day}）`,
        columns: [
          { header: '班级编号', width: 14, kind: 'text', value: (r) => r.code ?? '' },
          { header: '班级名称', width: 36, kind: 'text', value: (r) => r.name },
          { header: '所属项目', width: 30, kind: 'text', value: (r) => r.installTitle },
          { header: '学习开始', width: 12, kind: 'date', value: (r) => new Date(r.startAt) },
          { header: '学习结束', width: 12, kind: 'date', value: (r) => new Date(r.endAt) },
          { header: '要求学时', width: 10, kind: 'number', value: (r) => r.requiredHours },
          { header: '教师', width: 20, kind: 'text', value: (r) => r.teachers },
          { header: '学员人数', width: 10, kind: 'number', value: (r) => r.memberCount },
        ],
        rows: allRows((q) => svc.classList({ ...f, ...q })),
      };
    },

    classGet: (id: number) => classDetail(db, id),

    async classSave(who: Who, input: ClassSave) {
      const { id: givenId, version, ...fields } = input;
      const values = { name: fields.name, installId: fields.installId, startAt: new Date(fields.startAt), endAt: new Date(fields.endAt), requiredHours: fields.requiredHours };
      checkTimes(values.startAt, values.endAt, T.TRAINING_MSG.endBeforeStart);
      const after = await changeRecorded(
        db,
        async (tx) => {
          await checkInstall(tx, fields.installId);
          if (givenId === null) {
            const [row] = await tx.insert(teacherClasses).values(values).returning({ id: teacherClasses.id });
            return { id: row!.id, before: null };
          }
          const [locked] = await tx.select().from(teacherClasses).where(eq(teacherClasses.id, givenId)).for('update');
          if (!locked) throw new Refusal(T.TRAINING_MSG.classMissing, 404);
          if (version === null || locked.version !== version) throw stale();
          const before = await classDetail(tx, givenId);
          await tx.update(teacherClasses).set({ ...values, version: sql`${teacherClasses.version} + 1` }).where(eq(teacherClasses.id, givenId));
          return { id: givenId, before };
        },
        async (tx, { id, before }) => {
          const after = await classDetail(tx, id);
          await audit(tx, who, `class:${id}`, before ? '修改班级' : '新建班级', before && classRecord(before), classRecord(after));
          return after;
        },
      );
      changed();
      return after;
    },

    /**
     * A class created by mistake goes, with its teachers and its chosen courses, while no learner's record
     * depends on it: no member, assignment, exam, class notice or reminder.
     */
    async classDelete(who: Who, input: { id: number; version: number }) {
      await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(teacherClasses).where(eq(teacherClasses.id, input.id)).for('update');
        if (!locked) throw new Refusal(T.TRAINING_MSG.classMissing, 404);
        if (locked.version !== input.version) throw stale();
        const before = await classDetail(tx, input.id);
        const held = await one<{ members: number; works: number; exams: number; notices: number; reminders: number }>(
          tx,
          sql`select (select count(*)::int from ${classMembers} where ${classMembers.classId} = ${input.id}) as members,
                     (select count(*)::int from ${works} where ${works.classId} = ${input.id}) as works,
                     (select count(*)::int from ${exams} where ${exams.classId} = ${input.id}) as exams,
                     (select count(*)::int from ${classMessages} where ${classMessages.classId} = ${input.id}) as notices,
                     (select count(*)::int from ${remindSchedules} where ${remindSchedules.classId} = ${input.id})
                       + (select count(*)::int from ${remindRuns} where ${remindRuns.classId} = ${input.id}) as reminders`,
        );
        const what = [
          held.members > 0 ? `有${held.members}名学员` : '',
          held.works > 0 ? `布置了${held.works}项作业` : '',
          held.exams > 0 ? `有${held.exams}场考试` : '',
          held.notices > 0 ? `发过${held.notices}条通知` : '',
          held.reminders > 0 ? '设置过学习提醒' : '',
        ].filter(Boolean);
        if (what.length > 0) throw new Refusal(T.TRAINING_MSG.classInUse(what.join('、')));
        await tx.delete(classTeachers).where(eq(classTeachers.classId, input.id));
        await tx.delete(classCourses).where(eq(classCourses.classId, input.id));
        await tx.delete(teacherClasses).where(eq(teacherClasses.id, input.id));
        await audit(tx, who, `class:${input.id}`, '删除班级', classRecord(before), null);
      });
      changed();
      return { id: input.id };
    },

    classMembers: membersPage,

    /** The list's own query, page after page: the file holds what the screen pages through. */
    async classMembersExport(f: z.infer<typeof T.memberFilter>): Promise<XlsxExport<T.AdminClassMember>> {
      const cls = await classDetail(db, f.classId);
      async function* rows() {
        for (let page = 1; page <= 100; page++) {
          const { list } = await membersPage({ ...f, pageNum: page, pageSize: 1000 });
          yield* list;
          if (list.length < 1000) return;
        }
      }
      const today = chinaDate();
      return {
        fileName: `班级学员_${cls.name}_${today}`,
        asciiName: `class-${cls.id}-members-${today}`,
        sheetName: '班级学员',
        title: `${cls.name} 学员名单（要求 ${cls.requiredHours} 学时，导出于 ${today}）`,
        columns: [
          { header: '姓名', width: 12, kind: 'text', value: (r) => r.personName },
          { header: '人员编号', width: 14, kind: 'text', value: (r) => r.personNo },
          { header: '手机号', width: 14, kind: 'text', value: (r) => r.mobile },
          { header: '单位', width: 28, kind: 'text', value: (r) => r.organName },
          { header: '加入日期', width: 12, kind: 'date', value: (r) => new Date(r.joinedAt) },
          { header: '班内学时', width: 10, kind: 'number', value: (r) => r.earnedHours },
        ],
        rows: rows(),
      };
    },

    classPersonAdd: (who: Who, input: { classId: number; personId: number; role: Role }) => classPeopleChange(who, input, true),
    classPersonRemove: (who: Who, input: { classId: number; personId: number; role: Role }) => classPeopleChange(who, input, false),

    async people(f: { text: string; teachers?: 'true' | 'false' | undefined }) {
      const rows = await db
        .select(personColumns)
        .from(persons)
        .leftJoin(organs, eq(organs.id, persons.organId))
        .where(
          and(
            or(ilike(persons.personName, containsPattern(f.text)), eq(persons.mobile, f.text), eq(persons.personNo, f.text)),
            f.teachers === 'true' ? eq(persons.personType, 4) : undefined,
          ),
        )
        .orderBy(asc(persons.personName), asc(persons.personId))
        .limit(20);
      return rows.map(personOut);
    },
  };
  return svc;
}
export type AdminClasses = ReturnType<typeof makeAdminClasses>;
