import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { classMembers, classMessages, teacherClasses } from '../../db/schema/index.ts';
import { deleteClassMessage, liveClassMessage, markRead, markTexted, messageFromCollege, postMessage, recipientsOf, recordSms } from './service.ts';

let t: TestApp;
let classId: number;
let first: number;
let second: number;

beforeAll(async () => {
  t = await createTestApp();
  const [cls] = await t.db.select({ id: teacherClasses.id }).from(teacherClasses).limit(1);
  classId = cls!.id;
  const members = await t.db.select({ personId: classMembers.personId }).from(classMembers).where(eq(classMembers.classId, classId)).limit(2);
  [first, second] = members.map((m) => m.personId) as [number, number];
  // Seeding the demo takes longer than the default hook limit on a busy shared machine.
}, 300_000);
afterAll(() => t.close());

describe('the learner inbox', () => {
  it('posts one message to each recipient, with a recipient’s own text where given, and counts only the first reading', async () => {
    const id = await postMessage(t.db, { classId, senderId: null, title: '学习提醒', content: '请按时学习' }, [{ personId: first }, { personId: second, content: '张三同志，请按时学习' }]);
    const before = await recipientsOf(t.db, id, []);
    expect(before.map((r) => [r.personId, r.content, r.readAt]).sort()).toEqual([[first, null, null], [second, '张三同志，请按时学习', null]].sort());

    await markRead(t.db, first, id);
    const [read] = await recipientsOf(t.db, id, [first]);
    expect(read!.readAt).toBeInstanceOf(Date);
    await markRead(t.db, first, id);
    const [again] = await recipientsOf(t.db, id, [first]);
    expect(again!.readAt).toEqual(read!.readAt);
    const [unread] = await recipientsOf(t.db, id, [second]);
    expect(unread!.readAt).toBeNull();
  });

  it('records each SMS state and marks the message as texted', async () => {
    const id = await postMessage(t.db, { classId, senderId: null, title: '通知', content: '明天考试' }, [{ personId: first }]);
    await recordSms(t.db, id, first, { status: 'capped', error: null });
    await markTexted(t.db, id);
    const [m] = await t.db.select().from(classMessages).where(eq(classMessages.id, id));
    expect(m!.sms).toBe(true);
  });

  it('deletes a class message once, only from its own class', async () => {
    const id = await postMessage(t.db, { classId, senderId: null, title: '作废', content: '发错了' }, [{ personId: first }]);
    expect(await deleteClassMessage(t.db, classId + 100_000, id)).toBe(false);
    expect(await liveClassMessage(t.db, classId, id)).not.toBeNull();
    expect(await deleteClassMessage(t.db, classId, id)).toBe(true);
    expect(await liveClassMessage(t.db, classId, id)).toBeNull();
    expect(await deleteClassMessage(t.db, classId, id)).toBe(false);
  });

  it('a message from the college has no class and points to its page', async () => {
    const sentAt = new Date('2026-12-01T02:00:00Z');
    await messageFromCollege(t.db, second, { title: '结业证书已生成', content: '可在“打印证书”中查看', link: '/certificate', sentAt });
    const [m] = await t.db.select().from(classMessages).where(eq(classMessages.sentAt, sentAt));
    expect(m).toMatchObject({ classId: null, senderId: null, link: '/certificate' });
    expect((await recipientsOf(t.db, m!.id, [])).map((r) => r.personId)).toEqual([second]);
  });
});
