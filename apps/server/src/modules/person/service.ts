/**
 * The learning service's person calls: the session person, login records, avatar, the signed jump
 * links to the digital library and the national cadre network academy, and the AI entry's tickets.
 * Owns persons' profile fields (the user centre owns credentials and sessions).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { canUsePermissionModules, MSG, POSITION_LEVELS, type AiIdentity, type DisplaySettings, showsNationalAcademyLink, type PortalConfig, type SessionPerson } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { cities, organs, persons } from '../../db/schema/people.ts';
import { utcOffsetMinutes } from '@portal/contract/calendar';
import { hmac, hmacEquals, newId } from '../../lib/crypto.ts';
import { Refusal } from '../../http/errors.ts';
import type { Caller } from '../../http/auth.ts';
import type { Platform } from '../platform/service.ts';
import { imageTypeOf, type FileStorage } from '../../integrations/storage.ts';
import type { Config } from '../../config.ts';
import type { Uc } from '../uc/service.ts';

export interface PersonDeps {
  db: Db;
  platform: Platform;
  storage: FileStorage;
  config: Config;
  /** The user centre owns credentials: the password check, its rate limit and the lockout are its. */
  uc: Pick<Uc, 'checkPasswordInForce'>;
}

const withQuery = (base: string, params: Record<string, string | number>) => {
  const u = new URL(base);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, String(v));
  return u.toString();
};

export function makePerson({ db, platform, storage, config, uc }: PersonDeps) {
  const secret = config.SIGNING_SECRET;
  const zwySignature = (personId: number, timestamp: number) => hmac(secret, `zwy:${personId}:${timestamp}`);
  const aiPayload = (personId: number, expires: number) => `ai:${personId}:${expires}`;

  return {
    async sessionPerson(personId: number): Promise<SessionPerson | null> {
      const [p] = await db
        .select({
          personNo: persons.personNo,
          personName: persons.personName,
          personId: persons.personId,
          personType: persons.personType,
          userPic: persons.userPic,
          nationName: persons.nationName,
          gender: persons.gender,
          positionLevelId: persons.positionLevelId,
          positionLevelName: persons.positionLevelName,
          organName: sql<string>`coalesce(${organs.name}, '')`,
          explain: persons.explain,
          createuser: persons.createuser,
        })
        .from(persons)
        .leftJoin(organs, eq(organs.id, persons.organId))
        .where(eq(persons.personId, personId))
        .limit(1);
      return p ?? null;
    },

    /** A person's details as a class manager changes them (already validated by the contract's field rules). */
    async updateDetails(personId: number, d: { personName: string; gender: number; nationName: string; positionLevelId: number }) {
      await db
        .update(persons)
        .set({ personName: d.personName, gender: d.gender, nationName: d.nationName, positionLevelId: d.positionLevelId, positionLevelName: POSITION_LEVELS[d.positionLevelId - 1] ?? '', version: sql`${persons.version} + 1` })
        .where(eq(persons.personId, personId));
    },

    async loginSuccess(caller: Caller, body: { mobilePhone: string; loginType: string; userType: number }, ip: string) {
      if (body.mobilePhone !== caller.mobile) throw new Refusal(MSG.mobileMismatch);
      await platform.audit({ personId: caller.personId, ip, event: 'loginSuccess', target: body.loginType, outcome: 'success', detail: { userType: body.userType } });
    },

    /**
     * The learning service's copy follows the user centre: accepted only for the password now in force.
     * Per-address limit like the user centre's calls; refused while the account is locked; a wrong
     * password counts toward the lockout (the fifth locks the account).
     */
    async confirmPassword(caller: Caller, body: { newPassword: string; mobilePhone: string }, ip: string) {
      await platform.limit(`passwordSync:${ip}`, config.RATE_LIMIT_PER_MINUTE, 60, { ip, event: 'passwordSync', personId: caller.personId });
      if (body.mobilePhone !== caller.mobile) {
        await platform.audit({ personId: caller.personId, ip, event: 'passwordSync', target: body.mobilePhone, outcome: 'failure', detail: { reason: 'mobileMismatch' } });
        throw new Refusal(MSG.mobileMismatch);
      }
      if (!(await uc.checkPasswordInForce(caller, body.newPassword, ip))) throw new Refusal(MSG.passwordNotSynced);
      await platform.audit({ personId: caller.personId, ip, event: 'passwordSync', target: caller.mobile, outcome: 'success' });
    },

    /** The file comes whole and within the limit from the upload reading (http/body.ts readUpload). */
    async uploadAvatar(caller: Caller, file: { bytes: Buffer } | null, ip: string) {
      const refuse = async (message: string) => {
        await platform.audit({ personId: caller.personId, ip, event: 'avatarChange', outcome: 'failure', detail: { reason: message } });
        throw new Refusal(message);
      };
      if (!file || file.bytes.length === 0) return refuse(MSG.avatarMissing);
      const type = imageTypeOf(file.bytes);
      if (!type) return refuse(MSG.avatarType);
      const url = await storage.put(`avatars/${caller.personId}/${newId(12)}.${type}`, file.bytes);
      await db.update(persons).set({ userPic: url }).where(eq(persons.personId, caller.personId));
      await platform.audit({ personId: caller.personId, ip, event: 'avatarChange', target: url, outcome: 'success' });
      return url;
    },

    /** The caller's display settings (关怀版, the toolbar's), as last saved from any browser. */
    async displaySettings(caller: Caller): Promise<DisplaySettings | null> {
      const [row] = await db.select({ s: persons.displaySettings }).from(persons).where(eq(persons.personId, caller.personId)).limit(1);
      return row?.s ?? null;
    },

    /** Only the caller's own row; the settings were checked against the contract's schema by the route. */
    async saveDisplaySettings(caller: Caller, settings: DisplaySettings): Promise<void> {
      await db.update(persons).set({ displaySettings: settings }).where(eq(persons.personId, caller.personId));
    },

    digitalBooksUrl(caller: Caller): string {
      if (!canUsePermissionModules(caller)) throw new Refusal(MSG.noPermission);
      const timestamp = Math.floor(Date.now() / 1000);
      const expires = timestamp + config.JUMP_TTL_SECONDS;
      const sign = hmac(secret, `library:${caller.personId}:${timestamp}:${expires}`);
      return withQuery(config.LIBRARY_URL, { personId: caller.personId, timestamp, expires, sign });
    },

    zwyTicketUrl(caller: Caller): string {
      if (!showsNationalAcademyLink(caller)) throw new Refusal(MSG.notEligibleForAcademy);
      const timestamp = Math.floor(Date.now() / 1000);
      const q = new URLSearchParams({ personId: String(caller.personId), timestamp: String(timestamp), sign: zwySignature(caller.personId, timestamp) });
      return `/video_learning/education/zwy/oauth?${q}`;
    },

    /** Checks the link's signature, age and the person's eligibility; answers where to redirect, or why not. */
    async zwyRedirect(q: { personId: number; timestamp: number; sign: string }): Promise<{ location: string } | { refusal: string }> {
      const age = Math.floor(Date.now() / 1000) - q.timestamp;
      if (!hmacEquals(secret, `zwy:${q.personId}:${q.timestamp}`, q.sign) || age < -30 || age > config.JUMP_TTL_SECONDS) return { refusal: MSG.linkExpired };
      const person = await this.sessionPerson(q.personId);
      if (!person || !showsNationalAcademyLink(person)) return { refusal: MSG.notEligibleForAcademy };
      const now = Math.floor(Date.now() / 1000);
      const expires = now + config.JUMP_TTL_SECONDS;
      const ticket = hmac(secret, `zwy-ticket:${person.personNo}:${now}:${expires}`);
      return { location: withQuery(config.ZWY_URL, { personNo: person.personNo, timestamp: now, expires, ticket }) };
    },

    /**
     * The AI page's address for the caller: with a ticket (person, expiry, signature) that the AI site
     * exchanges on the server (aiTicketExchange), or, only where AI_PASS_SESSION_TOKEN says the AI page
     * cannot do that, with the session token the call was made with.
     */
    aiEntryUrl(caller: Caller, sessionToken: string): string {
      if (!canUsePermissionModules(caller)) throw new Refusal(MSG.noPermission);
      if (config.AI_PASS_SESSION_TOKEN) return withQuery(config.AI_URL, { token: sessionToken });
      const expires = Math.floor(Date.now() / 1000) + config.JUMP_TTL_SECONDS;
      return withQuery(config.AI_URL, { ticket: `${caller.personId}.${expires}.${hmac(secret, aiPayload(caller.personId, expires))}` });
    },

    /**
     * A ticket of aiEntryUrl for the person's public identity: refused when forged, expired or already
     * exchanged, or when the person may no longer use the AI entry. The signature makes a ticket
     * unforgeable without a table; the single use is marked in the platform's counters.
     */
    async exchangeAiTicket(ticket: string): Promise<AiIdentity> {
      const [id = '', exp = '', sign = ''] = ticket.split('.');
      const personId = Number(id);
      const expires = Number(exp);
      const now = Math.floor(Date.now() / 1000);
      if (!hmacEquals(secret, aiPayload(personId, expires), sign) || expires < now || expires > now + config.JUMP_TTL_SECONDS) {
        throw new Refusal(MSG.aiTicketInvalid);
      }
      if (!(await platform.firstUse(`aiTicket:${sign}`, new Date(expires * 1000)))) throw new Refusal(MSG.aiTicketInvalid);
      const p = await this.sessionPerson(personId);
      if (!p || !canUsePermissionModules(p)) throw new Refusal(MSG.noPermission);
      return { personNo: p.personNo, personName: p.personName, personType: p.personType, organName: p.organName };
    },

    async portalConfig(): Promise<PortalConfig> {
      const rows = await db.select({ name: cities.name, url: cities.platformUrl }).from(cities).orderBy(asc(cities.sort), asc(cities.id));
      const sso = new URL(config.SSO_URL);
      sso.searchParams.set('appId', config.SSO_APP_ID);
      return {
        product: config.PRODUCT,
        collegeName: config.COLLEGE_NAME,
        footer: {
          serviceHours: config.FOOTER_SERVICE_HOURS,
          supportGroup: config.FOOTER_SUPPORT_GROUP,
          phone: config.FOOTER_PHONE,
          fax: config.FOOTER_FAX,
          email: config.FOOTER_EMAIL,
          copyright: config.FOOTER_COPYRIGHT,
        },
        ssoUrl: sso.toString(),
        registrationUrl: config.REGISTRATION_URL,
        utcOffsetMinutes: utcOffsetMinutes(config.TIME_ZONE),
        timeZone: config.TIME_ZONE,
        mobileUrl: config.MOBILE_URL,
        certificateSeal: config.CERTIFICATE_SEAL !== null,
        cityPlatforms: rows,
      };
    },
  };
}
export type PersonService = ReturnType<typeof makePerson>;
