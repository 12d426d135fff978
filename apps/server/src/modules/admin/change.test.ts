/**
 * An administrative change and its audit entry commit together or not at all: the entry is written in
 * the change's own transaction (recordChange with the transaction). When the entry cannot be written
 * (here the audit log refuses it for a moment) the change is undone with it; otherwise both are there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { adminPeople as P, adminTraining as T } from '@portal/contract';
import { auditLog, organs, trainingYears } from '../../db/schema/index.ts';
import { createTestApp, DEMO_ADMINS, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let training: string;

beforeAll(async () => {
  t = await createTestApp();
  training = await t.adminLogin(DEMO_ADMINS.training);
});
afterAll(() => t.close());

/** The audit log refuses entries of this action while `fn` runs. */
async function whileTheLogRefuses<R>(action: string, fn: () => Promise<R>): Promise<R> {
  await t.db.execute(sql.raw(`alter table audit_log add constraint audit_refuses check (detail->>'action' is distinct from '${action}')`));
  try {
    return await fn();
  } finally {
    await t.db.execute(sql.raw('alter table audit_log drop constraint audit_refuses'));
  }
}
const entries = async (event: string, action: string) => (await t.db.select({ id: auditLog.id }).from(auditLog).where(and(eq(auditLog.event, event), sql`${auditLog.detail}->>'action' = ${action}`))).length;

describe('an administrative change and its audit entry', () => {
  it('a new unit: no unit without its entry, and both when the entry can be written', async () => {
    const cities = (await t.call(P.adminUnitTree, { token: training })).json.data as { cities: { id: number }[] };
    const body = { cityId: cities.cities[0]!.id, name: '审计同事务测试局' };
    const failed = await whileTheLogRefuses('新建单位', () => t.call(P.adminUnitCreate, { token: training, body }));
    expect(failed.status).toBe(500);
    expect(await t.db.select().from(organs).where(eq(organs.name, body.name))).toEqual([]);
    expect(await entries('adminPerson', '新建单位')).toBe(0);

    const made = await t.call(P.adminUnitCreate, { token: training, body });
    expect(made.json.code).toBe(0);
    expect(await t.db.select().from(organs).where(eq(organs.name, body.name))).toHaveLength(1);
    expect(await entries('adminPerson', '新建单位')).toBe(1);
  });

  it('a new training year (a change whose entry reads the after-state in the same transaction): both or neither', async () => {
    const body = { id: null, year: 2091, name: '2091年度' };
    const failed = await whileTheLogRefuses('新建培训年度', () => t.call(T.adminYearSave, { token: training, body }));
    expect(failed.status).toBe(500);
    expect(await t.db.select().from(trainingYears).where(eq(trainingYears.year, 2091))).toEqual([]);
    expect(await entries('adminTraining', '新建培训年度')).toBe(0);

    expect((await t.call(T.adminYearSave, { token: training, body })).json.code).toBe(0);
    expect(await t.db.select().from(trainingYears).where(eq(trainingYears.year, 2091))).toHaveLength(1);
    expect(await entries('adminTraining', '新建培训年度')).toBe(1);
  });
});
