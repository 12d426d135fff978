/**
 * Demo data (PRODUCT.md section 8), created only on an empty database: ten cities with their
 * platforms, work units, about 200 learners, 5 teachers and the fixed demo accounts.
 * Deterministic (a seeded generator) so every fresh start looks the same.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { adminRoles, cities, credentials, organs, persons } from '../db/schema/index.ts';
import { hashPassword } from '../lib/crypto.ts';
import { seedContent } from './seed-content.ts';
import { seedLearning } from './seed-learning.ts';
import { seedExams } from './seed-exam.ts';
import { seedMistakes } from './seed-mistakes.ts';
import { seedTeaching } from './seed-teaching.ts';
import { seedNotes } from './seed-notes.ts';
import { seedWork } from './seed-work.ts';

export const DEMO_PASSWORDS = { learner: 'Study@2026', teacher: 'Teach@2026', admin: 'Admin@2026' } as const;

const CITY_NAMES = ['太原市', '大同市', '阳泉市', '长治市', '晋城市', '朔州市', '晋中市', '运城市', '忻州市', '临汾市'];
const UNIT_KINDS = ['财政局', '发展和改革委员会', '教育局', '卫生健康委员会', '人力资源和社会保障局', '自然资源局'];
export const POSITION_LEVELS = ['试用期人员', '一级科员', '四级主任科员', '二级主任科员', '四级调研员', '二级调研员', '一级巡视员', '其他人员'];
const SURNAMES = Array.from('王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段雷钱汤尹黎易常武乔贺赖龚文');
const GIVEN = Array.from('伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红建国志明海燕宏斌鹏辉丹琳晨浩宇欣怡思远晓东文博雪梅春生立新永健');
const NATIONS = ['汉族', '汉族', '汉族', '汉族', '回族', '满族', '蒙古族'];

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(persons);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db);
  return true;
}

export async function seedDemo(db: Db) {
  const rnd = random(20260101);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const [learnerHash, teacherHash] = await Promise.all([hashPassword(DEMO_PASSWORDS.learner), hashPassword(DEMO_PASSWORDS.teacher)]);

  await db.transaction(async (tx) => {
    const cityRows = await tx
      .insert(cities)
      .values(CITY_NAMES.map((name, i) => ({ name, sort: i, platformUrl: `https://${['ty', 'dt', 'yq', 'cz', 'jc', 'sz', 'jz', 'yc', 'xz', 'lf'][i]}.academy.example.cn/` })))
      .returning();
    const unitValues = cityRows.flatMap((c) => UNIT_KINDS.map((k) => ({ name: `${c.name}${k}`, cityId: c.id })));
    const first = cityRows[0]!;
    unitValues.push(
      { name: '省委党校（省行政学院）干部学院', cityId: first.id },
      { name: '省委党校中青年干部培训班', cityId: first.id },
      { name: `${first.name}委党校`, cityId: first.id },
    );
    const unitRows = await tx.insert(organs).values(unitValues).returning();
    const unit = (name: string) => unitRows.find((u) => u.name === name)!.id;
    const ordinary = unitRows.filter((u) => !u.name.includes('党校'));

    type NewPerson = typeof persons.$inferInsert;
    const people: NewPerson[] = [
      { personNo: 'S20260001', personName: '张伟', mobile: '13800000001', gender: 0, positionLevelId: 3, positionLevelName: POSITION_LEVELS[2]!, organId: unit('太原市财政局') },
      { personNo: 'T20260001', personName: '李娜', mobile: '13800000002', gender: 1, positionLevelId: 2, positionLevelName: POSITION_LEVELS[1]!, organId: unit('省委党校中青年干部培训班'), createuser: 'train', explain: '' },
      { personNo: 'T20260002', personName: '王芳', mobile: '13800000003', gender: 1, positionLevelId: 2, positionLevelName: POSITION_LEVELS[1]!, organId: unit('省委党校中青年干部培训班'), createuser: 'train', explain: 'train' },
      { personNo: 'J20260001', personName: '刘建国', mobile: '13800000004', gender: 0, personType: 4, positionLevelId: 5, positionLevelName: POSITION_LEVELS[4]!, organId: unit('省委党校（省行政学院）干部学院') },
      { personNo: 'S20260002', personName: '陈静', mobile: '13800000005', gender: 1, positionLevelId: 8, positionLevelName: POSITION_LEVELS[7]!, organId: unit('大同市教育局') },
    ];
    for (let i = 0; i < 4; i++) {
      people.push({ personNo: `J2026${String(i + 2).padStart(4, '0')}`, personName: pick(SURNAMES) + pick(GIVEN) + pick(GIVEN), mobile: `1370000${String(i + 1).padStart(4, '0')}`, gender: i % 2, personType: 4, positionLevelId: 5, positionLevelName: POSITION_LEVELS[4]!, organId: unit('省委党校（省行政学院）干部学院') });
    }
    for (let i = 0; i < 200; i++) {
      const level = 1 + Math.floor(rnd() * 8);
      people.push({
        personNo: `S2026${String(i + 3).padStart(4, '0')}`,
        personName: pick(SURNAMES) + pick(GIVEN) + (rnd() < 0.6 ? pick(GIVEN) : ''),
        mobile: `1390001${String(i).padStart(4, '0')}`,
        gender: rnd() < 0.55 ? 0 : 1,
        nationName: pick(NATIONS),
        positionLevelId: level,
        positionLevelName: POSITION_LEVELS[level - 1]!,
        organId: pick(ordinary).id,
      });
    }
    const rows = await tx.insert(persons).values(people).returning({ personId: persons.personId, personType: persons.personType });
    await tx.insert(credentials).values(rows.map((r) => ({ personId: r.personId, passwordHash: r.personType === 4 ? teacherHash : learnerHash })));
    await seedContent(tx, rnd);
    // The exams first: a 结业考试 decides, with the hours, who completes a training and holds its certificate.
    await seedExams(tx);
    await seedLearning(tx, rnd, db);
    await seedTeaching(tx, rnd);
    await seedNotes(tx, rnd);
    await seedWork(tx);
    await seedMistakes(tx);
    // The college's administrators, one per role, added last so the learners' demo is unchanged.
    const adminHash = await hashPassword(DEMO_PASSWORDS.admin);
    const staff = unit('省委党校（省行政学院）干部学院');
    const admins = [
      { personNo: 'A20260001', personName: '赵敏', mobile: '13800000006', gender: 1, role: 'system' as const },
      { personNo: 'A20260002', personName: '孙晓丽', mobile: '13800000007', gender: 1, role: 'content' as const },
      { personNo: 'A20260003', personName: '周志强', mobile: '13800000008', gender: 0, role: 'training' as const },
      { personNo: 'A20260004', personName: '吴建军', mobile: '13800000009', gender: 0, role: 'auditor' as const },
    ];
    const adminRows = await tx
      .insert(persons)
      .values(admins.map(({ role: _r, ...a }) => ({ ...a, positionLevelId: 4, positionLevelName: POSITION_LEVELS[3]!, organId: staff, createuser: 'admin' })))
      .returning({ personId: persons.personId, mobile: persons.mobile });
    await tx.insert(credentials).values(adminRows.map((r) => ({ personId: r.personId, passwordHash: adminHash })));
    await tx.insert(adminRoles).values(adminRows.map((r) => ({ personId: r.personId, role: admins.find((a) => a.mobile === r.mobile)!.role })));
  });
}
