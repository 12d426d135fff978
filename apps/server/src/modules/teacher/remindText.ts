/**
 * A reminder's template merged for one learner: pure, so that the preview and the sending write the
 * same text, and tested alone (remindText.test.ts).
 */
import { remind as R } from '@portal/contract';
import { dateIn } from '@portal/contract/calendar';

export interface LearnerFacts {
  personName: string;
  className: string;
  totalHours: number;
  requiredHours: number;
  /** The class period's end (exclusive): its last day is the deadline. */
  endAt: Date;
  notStarted: string[];
  notHandedIn: { title: string; dueAt: Date }[];
}

const FIELD = /\{([^{}]{1,20})\}/g;

/** The fields a template names that are not merge fields (a typo the teacher must see before sending). */
export function unknownFields(template: string): string[] {
  const names = [...template.matchAll(FIELD)].map((m) => m[1]!);
  return [...new Set(names.filter((n) => !(n in R.REMIND_FIELDS)))];
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const chineseDate = (timeZone: string, at: number) => {
  const [y, m, d] = dateIn(timeZone, at).split('-').map(Number) as [number, number, number];
  return { full: `${y}年${m}月${d}日`, short: `${m}月${d}日` };
};

/** At most three, then how many more: a reminder (and its SMS) stays short. */
const LIST_MAX = 3;
function listOf(items: string[], unit: string): string {
  if (items.length === 0) return '无';
  const shown = items.slice(0, LIST_MAX).join('、');
  return items.length > LIST_MAX ? `${shown}等${items.length}${unit}` : shown;
}

export function mergeFields(f: LearnerFacts, timeZone: string): Record<R.RemindField, string> {
  return {
    姓名: f.personName,
    班级: f.className,
    已完成学时: String(round1(f.totalHours)),
    应完成学时: String(round1(f.requiredHours)),
    尚差学时: String(round1(Math.max(0, f.requiredHours - f.totalHours))),
    截止日期: chineseDate(timeZone, f.endAt.getTime() - 1).full,
    未开始课程: listOf(
      f.notStarted.map((t) => `《${t}》`),
      '门',
    ),
    未交作业: listOf(
      f.notHandedIn.map((w) => `${w.title}（${chineseDate(timeZone, w.dueAt.getTime()).short}截止）`),
      '项',
    ),
  };
}

/** The template with every field replaced by this learner's value (unknown fields are refused before). */
export function mergeTemplate(template: string, f: LearnerFacts, timeZone: string): string {
  const values = mergeFields(f, timeZone);
  return template.replace(FIELD, (whole, name: string) => (name in values ? values[name as R.RemindField] : whole));
}
