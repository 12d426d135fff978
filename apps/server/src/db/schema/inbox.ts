/**
 * The learner's inbox (站内消息): a message from a class's teacher or from the college itself, and each
 * recipient's read state and SMS delivery state. Owned by modules/inbox; other modules post through it.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { persons } from './people.ts';
import { teacherClasses } from './teaching.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const classMessages = pgTable(
  'class_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** null: a message from the college itself (a certificate issued), not from a class's teacher. */
    classId: integer('class_id').references(() => teacherClasses.id),
    senderId: integer('sender_id').references(() => persons.personId),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** A page of the portal the message points to (the certificate's print page), or null. */
    link: text('link'),
    /** Whether the teacher asked for an SMS as well. */
    sms: boolean('sms').notNull().default(false),
    sentAt: at('sent_at').notNull().default(sql`now()`),
    /** Deleted by the teacher: gone from every list, the rows kept for the audit trail. */
    deletedAt: at('deleted_at'),
  },
  (t) => [index('class_messages_class_idx').on(t.classId, t.sentAt)],
);

export const messageRecipients = pgTable(
  'message_recipients',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => classMessages.id),
    personId: integer('person_id').notNull().references(() => persons.personId),
    /** This recipient's own text (a reminder's template merged for them); null: the message's content. */
    content: text('content'),
    readAt: at('read_at'),
    /** null: no SMS asked; sent / failed (the provider refused) / capped (the number's daily cap was reached). */
    smsStatus: text('sms_status', { enum: ['sent', 'failed', 'capped'] }),
    smsAt: at('sms_at'),
    smsError: text('sms_error'),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.personId] }), index('message_recipients_person_idx').on(t.personId, t.readAt)],
);
