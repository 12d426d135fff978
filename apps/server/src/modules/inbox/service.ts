/**
 * The learner's inbox (站内消息): owns class_messages and message_recipients. A teacher's notice, a
 * reminder, a homework review and an issued certificate all arrive here, so the modules that post ask
 * this one instead of writing its tables; it imports no other module, which keeps certificate, teacher,
 * reports and learning free of a circle through it. Reading a class's or a learner's messages with
 * names and classes joined is the read-only reports module's job.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Q } from '../../db/client.ts';
import { classMessages, messageRecipients } from '../../db/schema/inbox.ts';


export interface NewMessage {
  /** null: from the college itself (a certificate issued), not from a class. */
  classId: number | null;
  senderId: number | null;
  title: string;
  content: string;
  /** A page of the portal the message points to, or absent. */
  link?: string | null;
  /** Whether an SMS was asked for as well. */
  sms?: boolean;
  sentAt?: Date;
}

/** Posts one message to its recipients (each may have their own text, a reminder's merged template); returns its id. */
export async function postMessage(q: Q, m: NewMessage, recipients: { personId: number; content?: string | null }[]): Promise<number> {
  const [row] = await q.insert(classMessages).values(m).returning({ id: classMessages.id });
  const messageId = row!.id;
  if (recipients.length) await q.insert(messageRecipients).values(recipients.map((r) => ({ messageId, personId: r.personId, content: r.content ?? null })));
  return messageId;
}

/** A message from the college to one person (a certificate issued), with the page it points to. */
export async function messageFromCollege(q: Q, personId: number, m: { title: string; content: string; link: string; sentAt: Date }) {
  await postMessage(q, { classId: null, senderId: null, ...m }, [{ personId }]);
}

/** Records how one recipient's SMS went. */
export async function recordSms(q: Q, messageId: number, personId: number, s: { status: 'sent' | 'failed' | 'capped'; error: string | null }) {
  await q
    .update(messageRecipients)
    .set({ smsStatus: s.status, smsAt: new Date(), smsError: s.error })
    .where(and(eq(messageRecipients.messageId, messageId), eq(messageRecipients.personId, personId)));
}

/** Marks the message as one that was also sent by SMS. */
export async function markTexted(q: Q, messageId: number) {
  await q.update(classMessages).set({ sms: true }).where(eq(classMessages.id, messageId));
}

/** The class's message unless deleted, or null. */
export async function liveClassMessage(q: Q, classId: number, messageId: number) {
  const [m] = await q
    .select()
    .from(classMessages)
    .where(and(eq(classMessages.id, messageId), eq(classMessages.classId, classId), isNull(classMessages.deletedAt)));
  return m ?? null;
}

/** Deletes the class's message (the rows stay for the audit trail); false when there was no such live message. */
export async function deleteClassMessage(q: Q, classId: number, messageId: number): Promise<boolean> {
  const rows = await q
    .update(classMessages)
    .set({ deletedAt: new Date() })
    .where(and(eq(classMessages.id, messageId), eq(classMessages.classId, classId), isNull(classMessages.deletedAt)))
    .returning({ id: classMessages.id });
  return rows.length > 0;
}

/** The message's recipients with their read state and own text; only the named ones when personIds is not empty. */
export async function recipientsOf(q: Q, messageId: number, personIds: number[]) {
  return q
    .select({ personId: messageRecipients.personId, readAt: messageRecipients.readAt, content: messageRecipients.content })
    .from(messageRecipients)
    .where(and(eq(messageRecipients.messageId, messageId), personIds.length ? inArray(messageRecipients.personId, personIds) : undefined));
}

/** The recipient has read the message (the first reading counts). */
export async function markRead(q: Q, personId: number, messageId: number) {
  await q
    .update(messageRecipients)
    .set({ readAt: new Date() })
    .where(and(eq(messageRecipients.messageId, messageId), eq(messageRecipients.personId, personId), isNull(messageRecipients.readAt)));
}
