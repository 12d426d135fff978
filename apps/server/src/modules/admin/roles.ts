/**
 * Who holds an administrative role (admin_roles, the administration platform's table): read, granted
 * and taken away here, so that 人员与单位 (person/admin.ts) asks the platform rather than writing its
 * table. `q` is the database or the caller's transaction, so a change joins the caller's checks.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AdminRole } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { adminRoles, persons } from '../../db/schema/index.ts';

/** A person's roles, in the role's order. */
export async function rolesHeldBy(q: Db, personId: number): Promise<AdminRole[]> {
  return (await q.select({ role: adminRoles.role }).from(adminRoles).where(eq(adminRoles.personId, personId)).orderBy(asc(adminRoles.role))).map((r) => r.role);
}

/** Grants a role (holding it already changes nothing). */
export async function grantRole(q: Db, personId: number, role: AdminRole, grantedBy: number) {
  await q.insert(adminRoles).values({ personId, role, grantedBy }).onConflictDoNothing();
}

export async function revokeRole(q: Db, personId: number, role: AdminRole) {
  await q.delete(adminRoles).where(and(eq(adminRoles.personId, personId), eq(adminRoles.role, role)));
}

/**
 * Locks every system-role row for the rest of the transaction: two administrators taking the role
 * from each other at once then count one after the other, never both from the same state.
 */
export async function lockSystemRoles(tx: Db) {
  await tx.execute(sql`select person_id from admin_roles where role = 'system' for update`);
}

/** System administrators who can log in (their person active). */
export async function activeSystemAdmins(q: Db): Promise<number> {
  const [left] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(adminRoles)
    .innerJoin(persons, eq(persons.personId, adminRoles.personId))
    .where(and(eq(adminRoles.role, 'system'), eq(persons.status, 'active')));
  return left?.n ?? 0;
}
