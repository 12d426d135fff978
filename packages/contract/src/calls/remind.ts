/**
 * Reminders that say what each learner lacks, in the teacher's class area: a template
 * whose fields are merged per learner, a preview of every message and of the SMS it will take before
 * anything is sent, and weekly schedules that remind those behind until the class ends. The rights
 * are the class area's: a teacher of the class named by the call, checked on the server.
 */
import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idParam } from './content.ts';
import { SMS_STATES, STUDY_STATES } from './teacher.ts';

const T = '/video_learning/education/teacher';
const instant = z.string().describe('ISO 8601 date-time');
const classId = idParam('班级编号');

/**
 * The fields a template may name, written {姓名} in its text, each merged per learner. The order is
 * the page's order of the buttons that insert them.
 */
export const REMIND_FIELDS = {
  姓名: "the learner's name",
  班级: "the class's name",
  已完成学时: 'hours earned in the class period',
  应完成学时: "the class's required hours",
  尚差学时: 'required hours not yet earned',
  截止日期: "the class's last day (YYYY年M月D日)",
  未开始课程: 'required courses of the class plan the learner has not opened',
  未交作业: 'homework and practice reports not handed in and still accepted',
} as const;
export type RemindField = keyof typeof REMIND_FIELDS;
export const REMIND_FIELD_NAMES = Object.keys(REMIND_FIELDS) as RemindField[];

/** The template a teacher starts from. */
export const DEFAULT_REMIND_TITLE = '学习进度提醒';
export const DEFAULT_REMIND_TEMPLATE =
  '{姓名}同志：您在{班级}已完成{已完成学时}学时，距{应完成学时}学时的要求尚差{尚差学时}学时，请在{截止日期}前完成。尚未开始的必修课程：{未开始课程}；尚未提交的作业：{未交作业}。';

/** Who gets the reminder: those behind (进度落后 and 尚未开始), the whole class, or chosen members. */
export const REMIND_AUDIENCES = ['behind', 'all', 'chosen'] as const;
export const REMIND_AUDIENCE_LABELS: Record<(typeof REMIND_AUDIENCES)[number], string> = { behind: '进度落后和尚未开始的学员', all: '全班学员', chosen: '选定的学员' };
/** Where it goes: 我的消息, SMS, or both. */
export const REMIND_CHANNELS = ['message', 'sms', 'both'] as const;
export type RemindChannel = (typeof REMIND_CHANNELS)[number];
export const REMIND_CHANNEL_LABELS: Record<RemindChannel, string> = { message: '站内消息', sms: '短信', both: '站内消息和短信' };

/** A Chinese SMS is one message up to 70 characters; a longer one is billed in parts of 67. */
export const SMS_SINGLE_CHARS = 70;
export const SMS_PART_CHARS = 67;
export const smsParts = (text: string) => {
  const n = [...text].length;
  return n <= SMS_SINGLE_CHARS ? 1 : Math.ceil(n / SMS_PART_CHARS);
};

const title = z.string({ error: '请输入提醒标题' }).trim().min(1, '请输入提醒标题').max(50, '提醒标题不能超过50个字符');
const template = z.string({ error: '请输入提醒内容' }).trim().min(1, '请输入提醒内容').max(500, '提醒内容不能超过500个字符');
const channel = z.enum(REMIND_CHANNELS, { error: '请选择发送方式' });

export const remindBody = z.object({
  classId,
  audience: z.enum(REMIND_AUDIENCES, { error: '请选择提醒对象' }),
  /** The chosen members (audience 'chosen' only). */
  personIds: z.array(idParam('学员编号')).max(2000, '一次最多选择2000人').default([]),
  channel,
  title,
  template,
});
export type RemindBody = z.infer<typeof remindBody>;

const smsPlan = z.object({
  /** Numbers that will get an SMS (within their daily cap). */
  count: z.number().int(),
  /** Billed parts of those SMS (70 characters, or 67 a part when longer). */
  parts: z.number().int(),
  /** Recipients whose number has reached today's cap of notices: no SMS for them. */
  capped: z.number().int(),
  /** The daily cap of notices per number (SMS_NOTICE_DAILY_CAP_PER_PHONE). */
  dailyCap: z.number().int(),
});

export const remindPreviewItem = z.object({
  personId: z.number().int(),
  personName: z.string(),
  organName: z.string(),
  state: z.enum(STUDY_STATES),
  /** The message as this learner will read it in 我的消息 (the merged template). */
  content: z.string(),
  /** The SMS as it will be sent, or null when no SMS goes to this learner. */
  sms: z.string().nullable(),
  smsParts: z.number().int(),
  /** Notices already sent to this learner's number today, of the daily cap. */
  smsToday: z.number().int(),
  smsCapped: z.boolean(),
});
export type RemindPreviewItem = z.infer<typeof remindPreviewItem>;

export const previewRemind = defineCall({
  name: 'previewRemind',
  method: 'POST',
  path: `${T}/previewRemind`,
  envelope: 'vl',
  auth: 'required',
  summary: 'The reminder before it is sent: the message each chosen learner will receive (fields merged), how many recipients, how many SMS and parts and what they take of the daily cap. Sends nothing.',
  body: remindBody,
  data: z.object({ recipientCount: z.number().int(), sms: smsPlan.nullable(), items: z.array(remindPreviewItem) }),
});

const smsOutcome = z.object({ sent: z.number().int(), failed: z.number().int(), capped: z.number().int() });

export const sendRemind = defineCall({
  name: 'sendRemind',
  method: 'POST',
  path: `${T}/sendRemind`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Sends the reminder exactly as previewRemind showed it: each learner their own text, by 站内消息, SMS (within each number’s daily cap) or both; audited.',
  body: remindBody,
  data: z.object({ runId: z.number().int(), messageId: z.number().int().nullable(), recipientCount: z.number().int(), sms: smsOutcome.nullable() }),
});

// ---- schedules --------------------------------------------------------------------------------

export const WEEKDAY_LABELS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;
export const SCHEDULE_STATES = ['active', 'paused', 'ended'] as const;
export const SCHEDULE_STATE_LABELS: Record<(typeof SCHEDULE_STATES)[number], string> = { active: '进行中', paused: '已暂停', ended: '已结束' };
/** Why a schedule ended (or why a run sent nothing). */
export const SCHEDULE_END_REASONS = ['classEnded', 'nobodyBehind', 'notTeacher'] as const;
export const SCHEDULE_END_LABELS: Record<(typeof SCHEDULE_END_REASONS)[number], string> = {
  classEnded: '班级学习期已结束',
  nobodyBehind: '已没有进度落后的学员',
  notTeacher: '创建人已不是本班班主任',
};

export const remindSchedule = z.object({
  id: z.number().int(),
  title: z.string(),
  template: z.string(),
  channel,
  /** 1 (Monday) to 7 (Sunday), in the college's time zone. */
  weekday: z.number().int(),
  /** HH:mm, in the college's time zone. */
  time: z.string(),
  state: z.enum(SCHEDULE_STATES),
  endReason: z.enum(SCHEDULE_END_REASONS).nullable(),
  nextRunAt: instant.nullable(),
  createdBy: z.string(),
  createdAt: instant,
  runs: z.number().int(),
});
export type RemindSchedule = z.infer<typeof remindSchedule>;

export const findRemindSchedule = defineCall({
  name: 'findRemindSchedule',
  method: 'POST',
  path: `${T}/findRemindSchedule`,
  envelope: 'vl',
  auth: 'required',
  summary: "The class's scheduled reminders, newest first, with their state and next run.",
  query: z.object({ classId }),
  data: z.array(remindSchedule),
});

export const addRemindSchedule = defineCall({
  name: 'addRemindSchedule',
  method: 'POST',
  path: `${T}/addRemindSchedule`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Schedules a weekly reminder of those behind (进度落后 and 尚未开始), on a weekday at a time, until the class ends or nobody is behind.',
  body: z.object({
    classId,
    channel,
    title,
    template,
    weekday: z.number({ error: '请选择星期' }).int('请选择星期').min(1, '请选择星期').max(7, '请选择星期'),
    time: z.string({ error: '请选择时间' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 时:分，如 09:00'),
  }),
  data: remindSchedule,
});

export const setRemindSchedule = defineCall({
  name: 'setRemindSchedule',
  method: 'POST',
  path: `${T}/setRemindSchedule`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Pauses a scheduled reminder or resumes it (its next run: the next of its weekday and time); an ended one cannot be resumed.',
  body: z.object({ classId, scheduleId: idParam('提醒计划编号'), paused: z.boolean({ error: '状态不正确' }) }),
  data: remindSchedule,
});

export const deleteRemindSchedule = defineCall({
  name: 'deleteRemindSchedule',
  method: 'POST',
  path: `${T}/deleteRemindSchedule`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Deletes a scheduled reminder: it runs no more; its past runs stay in the record.',
  query: z.object({ classId, scheduleId: idParam('提醒计划编号') }),
  data: z.null(),
});

export const RUN_OUTCOMES = ['sent', ...SCHEDULE_END_REASONS] as const;

export const remindRun = z.object({
  id: z.number().int(),
  /** null: sent by hand. */
  scheduleId: z.number().int().nullable(),
  title: z.string(),
  channel,
  outcome: z.enum(RUN_OUTCOMES),
  ranAt: instant,
  senderName: z.string(),
  recipientCount: z.number().int(),
  /** Recipients who have opened the 站内消息 (0 when sent by SMS only). */
  readCount: z.number().int(),
  messageId: z.number().int().nullable(),
  sms: smsOutcome.nullable(),
  recipients: z.array(z.object({ personId: z.number().int(), personName: z.string(), readAt: instant.nullable(), smsStatus: z.enum(SMS_STATES).nullable() })),
});
export type RemindRun = z.infer<typeof remindRun>;

export const findRemindRun = defineCall({
  name: 'findRemindRun',
  method: 'POST',
  path: `${T}/findRemindRun`,
  envelope: 'vl',
  auth: 'required',
  summary: "The class's reminders sent, by hand and by schedule (one schedule's when named), newest first, the last 50: who was reminded, who read it, the SMS states.",
  query: z.object({ classId, scheduleId: idParam('提醒计划编号').optional() }),
  data: z.array(remindRun),
});
