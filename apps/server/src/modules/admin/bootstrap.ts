/** The first system administrator (scripts/create-admin.ts): created or promoted, with a password, audited. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminRoles, credentials, persons } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/crypto.ts';
import type { Platform } from '../platform/service.ts';

export async function createSystemAdmin(db: Db, platform: Platform, a: { mobile: string; name: string; password: string; from: string }) {
  const passwordHash = await hashPassword(a.password);
  const result = await db.transaction(async (tx) => {
    let [p] = await tx.select({ personId: persons.personId, personName: persons.personName }).from(persons).where(eq(persons.mobile, a.mobile)).limit(1);
    const created = !p;
    if (!p) {
      [p] = await tx
        .insert(persons)
        .values({ personNo: `A${a.mobile}`, personName: a.name, mobile: a.mobile, createuser: 'admin' })
        .returning({ personId: persons.personId, personName: persons.personName });
    }
    const person = p!;
    await tx
      .insert(credentials)
      .values({ personId: person.personId, passwordHash })
      .onConflictDoUpdate({ target: credentials.personId, set: { passwordHash, changedAt: new Date(), failedCount: 0, firstFailedAt: null, lockedUntil: null } });
    await tx.insert(adminRoles).values({ personId: person.personId, role: 'system' }).onConflictDoNothing();
    return { created, ...person };
  });
  await platform.audit({
    personId: result.personId,
    ip: a.from,
    event: 'adminGrant',
    target: a.mobile,
    outcome: 'success',
    detail: { action: '授予系统管理员（命令）', before: result.created ? null : 'existing person', after: { roles: ['system'] } },
  });
  return result;
}
