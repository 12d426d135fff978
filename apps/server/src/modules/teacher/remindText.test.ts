import { describe, expect, it } from 'vitest';
import { remind as R } from '@portal/contract';
import { nextWeekly } from '@portal/contract/calendar';
import { mergeTemplate, unknownFields } from './remindText.ts';

const facts = {
  personName: '王芳',
  className: '2026年度处级干部网络专题学习一班',
  totalHours: 7.25,
  requiredHours: 12,
  // The period ends at midnight China time starting 1 January: its last day is 31 December.
  endAt: new Date('2026-12-31T16:00:00Z'),
  notStarted: ['习近平新时代中国特色社会主义思想概论', '中国式现代化的理论与实践'],
  notHandedIn: [{ title: '学习心得', dueAt: new Date('2026-12-10T15:59:00Z') }],
};

describe('a reminder merged for one learner', () => {
  it('fills every field of the default template', () => {
    expect(mergeTemplate(R.DEFAULT_REMIND_TEMPLATE, facts, 'Asia/Shanghai')).toBe(
      '王芳同志：您在2026年度处级干部网络专题学习一班已完成7.3学时，距12学时的要求尚差4.8学时，请在2026年12月31日前完成。' +
        '尚未开始的必修课程：《习近平新时代中国特色社会主义思想概论》、《中国式现代化的理论与实践》；尚未提交的作业：学习心得（12月10日截止）。',
    );
  });

  it('says 无 for nothing missing, names at most three and counts the rest, never a negative shortfall', () => {
    const done = { ...facts, totalHours: 13, notStarted: ['甲', '乙', '丙', '丁', '戊'], notHandedIn: [] };
    expect(mergeTemplate('{尚差学时}|{未开始课程}|{未交作业}', done, 'Asia/Shanghai')).toBe('0|《甲》、《乙》、《丙》等5门|无');
  });

  it('names the fields that do not exist', () => {
    expect(unknownFields('{姓名}{名字}{截至日期}{姓名}')).toEqual(['名字', '截至日期']);
    expect(unknownFields(R.DEFAULT_REMIND_TEMPLATE)).toEqual([]);
  });

  it('counts SMS parts as carriers bill Chinese text: 70 in one, 67 a part beyond', () => {
    expect(R.smsParts('字'.repeat(70))).toBe(1);
    expect(R.smsParts('字'.repeat(71))).toBe(2);
    expect(R.smsParts('字'.repeat(134))).toBe(2);
    expect(R.smsParts('字'.repeat(135))).toBe(3);
  });
});

describe('the next weekly run', () => {
  it('is Monday 9:00 China time, whatever the server zone; a run at that very minute goes to the next week', () => {
    // Friday 27 November 2026, 11:40 China time.
    const friday = Date.parse('2026-11-27T03:40:00Z');
    expect(nextWeekly('Asia/Shanghai', 1, 540, friday).toISOString()).toBe('2026-11-30T01:00:00.000Z');
    expect(nextWeekly('Asia/Shanghai', 1, 540, Date.parse('2026-11-30T01:00:00Z')).toISOString()).toBe('2026-12-07T01:00:00.000Z');
    // Sunday 23:30 China time is already Monday's eve in UTC terms of the day before.
    expect(nextWeekly('Asia/Shanghai', 1, 540, Date.parse('2026-11-29T15:30:00Z')).toISOString()).toBe('2026-11-30T01:00:00.000Z');
    expect(nextWeekly('Asia/Shanghai', 5, 1380, friday).toISOString()).toBe('2026-11-27T15:00:00.000Z');
  });
});
