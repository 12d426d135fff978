/**
 * Demo notes, appraisals and comments: the featured learner (13800000001) has notes anchored in the
 * courses they studied; learners who completed a course rated it (some with a word); the most studied
 * courses carry a few comments with replies. Runs after seedLearning, from its progress.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { courseAppraisals, courseCompletions, courseCriticisms, courseResources, notes, persons, resourceProgress } from '../db/schema/index.ts';

const NOTE_TEXTS = [
  ['核心要点', '本节的三个要点：\n一是坚持问题导向；\n二是突出实干实效；\n三是注重统筹协调。'],
  ['需要复习', '这里的政策依据要对照原文再读一遍，结合本单位工作写一段体会。'],
  ['案例摘记', '案例中的做法可借鉴：先调研摸底，再分类施策，最后跟踪问效。'],
] as const;
const APPRAISAL_TEXTS = ['内容扎实，讲解清楚', '联系实际，很有收获', '', '案例丰富，值得反复学习', ''];
const COMMENTS = [
  ['老师讲得深入浅出，结合工作实际很有启发。', '同感，第二章的案例尤其实用。'],
  ['课件能否提供下载？想在学习小组里再讨论。', '课件在每章的“课件”页面可以翻阅。'],
  ['建议多增加一些基层治理方面的案例。', ''],
] as const;

export async function seedNotes(db: Db, rnd: () => number) {
  const [featured] = await db.select({ personId: persons.personId }).from(persons).where(eq(persons.mobile, '13800000001'));
  if (featured) {
    const studied = await db
      .select({ courseId: resourceProgress.courseId, resourceId: resourceProgress.resourceId, kind: courseResources.kind, length: courseResources.durationSeconds, pages: courseResources.pages })
      .from(resourceProgress)
      .innerJoin(courseResources, eq(courseResources.id, resourceProgress.resourceId))
      .where(eq(resourceProgress.personId, featured.personId))
      .orderBy(asc(resourceProgress.courseId), asc(courseResources.sort));
    const noteRows = studied.slice(0, 6).map((r, i) => {
      const [title, content] = NOTE_TEXTS[i % NOTE_TEXTS.length]!;
      const anchor = r.kind === 'video' ? Math.min(r.length ?? 0, 10 + i * 7) : r.kind === 'pdf' ? Math.min(r.pages ?? 1, 1 + (i % 2)) : null;
      return { personId: featured.personId, courseId: r.courseId, resourceId: r.resourceId, anchor, title, content };
    });
    if (noteRows.length) await db.insert(notes).values(noteRows);
  }

  const done = await db.select({ personId: courseCompletions.personId, courseId: courseCompletions.courseId }).from(courseCompletions).orderBy(asc(courseCompletions.courseId), asc(courseCompletions.personId));
  const rated = done.filter(() => rnd() < 0.5).map((d) => ({ ...d, stars: 3 + Math.floor(rnd() * 3), text: APPRAISAL_TEXTS[Math.floor(rnd() * APPRAISAL_TEXTS.length)]! }));
  for (let i = 0; i < rated.length; i += 500) await db.insert(courseAppraisals).values(rated.slice(i, i + 500));

  // Comments on the courses most completed, by their learners; the replies by another of them.
  const byCourse = new Map<number, number[]>();
  for (const d of done) byCourse.set(d.courseId, [...(byCourse.get(d.courseId) ?? []), d.personId]);
  const busiest = [...byCourse].sort((a, b) => b[1].length - a[1].length || a[0] - b[0]).slice(0, 5);
  for (const [courseId, people] of busiest) {
    for (const [i, [comment, reply]] of COMMENTS.entries()) {
      const author = people[i % people.length]!;
      const [row] = await db.insert(courseCriticisms).values({ courseId, personId: author, content: comment }).returning({ id: courseCriticisms.id });
      if (reply && people.length > 1) await db.insert(courseCriticisms).values({ courseId, personId: people[(i + 1) % people.length]!, parentId: row!.id, content: reply });
    }
  }
}
