/**
 * Environment → typed configuration, validated once at start. Every option is listed in docs/configuration.md
 * with its default; nothing else in the server reads process.env.
 */
import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '@portal/contract';
import { closeSync, openSync, readSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const DEVELOPMENT_SIGNING_SECRET = 'development-signing-secret-not-for-production';
/** An Ed25519 private key (PKCS#8 DER, base64) known to everyone: certificates signed with it prove nothing. */
const DEVELOPMENT_CERTIFICATE_KEY = 'MC4CAQAwBQYDK2VwBCIEIA/+iRualgz5JSsN2aSvXh9aXwp0Lbf4DCD2bP9fhHqL';
/** The demo college's seal (scripts/demo-seal.ts). */
const DEMO_CERTIFICATE_SEAL = path.join(repoRoot, 'apps/server/assets/demo/files/certificate-seal.png');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Why `file` cannot be the seal (not readable, not a PNG), or null. */
function pngProblem(file: string): string | null {
  try {
    const head = Buffer.alloc(8);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, head, 0, 8, 0);
    } finally {
      closeSync(fd);
    }
    return head.equals(PNG_SIGNATURE) ? null : `${file} is not a PNG picture`;
  } catch {
    return `${file} cannot be read`;
  }
}
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** An empty variable (`METRICS_PORT=`) means unset, not 0. */
const unsetIfEmpty = (v: unknown) => (v === '' ? undefined : v);

const schema = z.object({
  /** Only these three: a misspelt `prod` must not quietly run in development mode with its endpoints. */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PRODUCT: z.string().regex(/^[a-z0-9_-]{1,32}$/).default('portal'),
  DATABASE_URL: z.string().optional(),
  /**
   * PostgreSQL connections each instance opens at most (instances × this must stay under the server's
   * max_connections). 20: the exam spike measured p99 277 ms for starts with 20 and 816 ms with 10
   * (docs/benchmarks.md); four instances × 20 still leave a reserve under PostgreSQL's default 100.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /**
   * Worker threads each instance starts at most for CPU-heavy work (certificate PDFs; workers/pool.ts),
   * each when first needed; by default the cores but one, at least one. Several instances on one
   * machine share its cores: give each its share.
   */
  WORKER_THREADS: z.coerce.number().int().min(1).max(64).default(() => Math.max(1, availableParallelism() - 1)),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /** Where backups are written (one directory each); default DATA_DIR/backups. */
  BACKUP_DIR: z.string().optional(),
  /** Days the audit log is kept; at least 183 (six months, QUALITY.md), older entries pruned daily. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(183, 'at least 183 days (six months)').max(36500).default(365),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** The web app's server-rendering bundle (entry-server.js); without it every page is rendered in the browser. */
  WEB_SSR_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist-ssr')),
  /** Seconds a visitor's rendering of /index, /course or a study page's address is reused (0: render every request). */
  SSR_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /** New renderings a second per instance (each 10-20 ms of its event loop); beyond them, and with 0, the browser renders the page. */
  SSR_RENDERS_PER_SECOND: z.coerce.number().int().min(0).max(1000).default(20),
  /** How often an instance looks for due jobs (transcodes, scheduled reminders) when it has room for one. */
  JOBS_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /**
   * Whether this instance runs due jobs: `auto` (default) runs them except under NODE_ENV=test, whose
   * API tests call runDue(); the browser tests' server sets `on` to watch a transcode reach 就绪.
   */
  JOBS_RUNNER: z.enum(['auto', 'on', 'off']).default('auto'),
  /** Seconds each instance reuses a computed public statistic (index figures, rankings; 0: compute every request). */
  STATS_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** HMAC key for jump links (digital books, national academy); must be set in production. */
  SIGNING_SECRET: z.string().min(16).optional(),
  /**
   * The Ed25519 private key that signs certificates' QR payloads (PKCS#8 DER, base64, or PEM); must be
   * set in production. Its public key is published on /certificate for offline checks.
   */
  CERTIFICATE_SIGNING_KEY: z.string().optional(),
  /** The font certificates are printed in: WenQuanYi Micro Hei (Debian/Ubuntu package fonts-wqy-microhei). */
  CERTIFICATE_FONT: z.string().default('/usr/share/fonts/truetype/wqy/wqy-microhei.ttc'),
  /**
   * The college's seal (a PNG, best with a transparent background), printed over the college's name
   * and the date on every certificate, in the PDF and in the print view. Default: the demo seal outside
   * production, none in production (set the college's own); `none` prints no seal.
   */
  CERTIFICATE_SEAL: z.string().optional(),
  /** The address of this portal as printed in certificates' QR codes (no trailing slash). */
  PUBLIC_URL: z.string().regex(/^https?:\/\/[^/]+(\/.*[^/])?$/, 'an http(s) address without a trailing slash').default('http://localhost:8080'),
  SESSION_IDLE_SECONDS: z.coerce.number().int().min(0).default(0),
  /**
   * Connections the kernel holds for the server while its event loop is busy (the listen backlog;
   * Linux caps it at net.core.somaxconn, 4096 on current kernels). Node's own default, 511, overflows
   * when thousands of browsers open their connections within seconds (an exam's start).
   */
  LISTEN_BACKLOG: z.coerce.number().int().min(16).max(65535).default(4096),
  TRUST_PROXY: bool.default(false),
  /** Default: true outside production, false in production (where true is refused). */
  SEED_DEMO: bool.optional(),
  /** A bearer token that may read /metrics on the application's port (unset: /metrics is not served there). */
  METRICS_TOKEN: z.preprocess(unsetIfEmpty, z.string().min(16, 'at least 16 characters').optional()),
  /** A separate internal address serving /metrics without a token (unset: no such listener). */
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_PORT: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).max(65535).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Verification codes (login, password) a day per number, counted apart from notices. */
  SMS_DAILY_CAP_PER_PHONE: z.coerce.number().int().min(1).default(10),
  /** Notices by SMS (a teacher's class notices, a reset password) a day per number, counted apart from codes. */
  SMS_NOTICE_DAILY_CAP_PER_PHONE: z.coerce.number().int().min(1).default(5),
  SMS_DAILY_CAP_PER_IP: z.coerce.number().int().min(1).default(50),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  SMS_PROVIDER: z.enum(['outbox', 'aliyun']).default('outbox'),
  SMS_ACCESS_KEY_ID: z.string().default(''),
  SMS_ACCESS_KEY_SECRET: z.string().default(''),
  SMS_SIGN_NAME: z.string().default(''),
  SMS_TEMPLATE_CODE: z.string().default(''),
  SMS_NOTICE_TEMPLATE_CODE: z.string().default(''),
  WECHAT_PROVIDER: z.enum(['simulated', 'wechat']).default('simulated'),
  WECHAT_APPID: z.string().default(''),
  WECHAT_SECRET: z.string().default(''),
  COLLEGE_NAME: z.string().default('省委党校（省行政学院）干部网络学院'),
  FOOTER_SERVICE_HOURS: z.string().default('周一至周五 08:30-12:00，14:00-17:00'),
  FOOTER_SUPPORT_GROUP: z.string().default('学员学习支持QQ群：123456789'),
  FOOTER_PHONE: z.string().default('0351-1234567'),
  FOOTER_FAX: z.string().default('0351-1234568'),
  FOOTER_EMAIL: z.string().default('support@academy.example.cn'),
  FOOTER_COPYRIGHT: z.string().default('© 2026 省委党校（省行政学院） 版权所有'),
  SSO_URL: z.string().default('http://localhost:8080/index?sso=placeholder'),
  SSO_APP_ID: z.string().default('portal'),
  REGISTRATION_URL: z.string().default('http://localhost:8080/index?registration=placeholder'),
  AI_URL: z.string().default('http://localhost:8080/index?ai=placeholder'),
  /**
   * The AI page gets the session token itself (`?token=`) instead of a ticket: only for an AI page that
   * cannot exchange tickets, since a token in an address lands in that site's logs and history.
   */
  AI_PASS_SESSION_TOKEN: bool.default(false),
  /** The zone of the college's calendar: the header's date and every "today" figure. */
  TIME_ZONE: z
    .string()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'not an IANA time zone')
    .default(DEFAULT_TIME_ZONE),
  MOBILE_URL: z.string().default('http://localhost:8080/index'),
  LIBRARY_URL: z.string().default('http://localhost:8080/index?library=placeholder'),
  ZWY_URL: z.string().default('http://localhost:8080/index?zwy=placeholder'),
  JUMP_TTL_SECONDS: z.coerce.number().int().min(10).default(300),
  /** Share of a video's (or live lesson's) length that completes it. */
  COMPLETION_RATIO: z.coerce.number().min(0.5).max(1).default(0.95),
  /** Minutes without interaction before the study page pauses and asks whether the learner is still there. */
  IDLE_MINUTES: z.coerce.number().int().min(1).max(240).default(20),
  /** Seconds a review made in the review queue (批阅中心) may be undone before it is final and the learner is told. */
  REVIEW_UNDO_SECONDS: z.coerce.number().int().min(3).max(300).default(10),
  /**
   * Words a course comment, reply or appraisal may not contain (comma-separated, matched ignoring case
   * and blanks). The default covers gambling, pornography, fraud and insults; a college replaces it with
   * its own list.
   */
  FORBIDDEN_WORDS: z
    .string()
    .default('赌博,博彩,六合彩,色情,裸聊,代开发票,办证,刷单,枪支,毒品,法轮,傻逼,他妈的,操你')
    .transform((v) => v.split(',').map((w) => w.trim()).filter((w) => w.length > 0)),
  /** Comments and replies (posted or changed) one person may write a minute. */
  CRITICISM_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  /**
   * The college's tools (import, certificate revocation, audit queries) call the operator calls with
   * this as a bearer token. Unset: those calls are refused; no portal session ever reaches them.
   */
  OPERATOR_TOKEN: z.string().min(32, 'at least 32 characters').optional(),
  /** The largest media upload (bytes): a college's 90-minute lecture is 1–4 GB. */
  MEDIA_MAX_BYTES: z.coerce.number().int().min(1024 * 1024, 'at least 1 MB').default(4 * 1024 ** 3),
  /** The programs media are checked and transcoded with (Debian: ffmpeg; poppler-utils for pdftoppm). */
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
  PDFTOPPM_PATH: z.string().default('pdftoppm'),
});

export type Config = Omit<z.infer<typeof schema>, 'SIGNING_SECRET' | 'CERTIFICATE_SIGNING_KEY' | 'CERTIFICATE_SEAL' | 'SEED_DEMO' | 'BACKUP_DIR'> & {
  BACKUP_DIR: string;
  SIGNING_SECRET: string;
  CERTIFICATE_SIGNING_KEY: string;
  /** The seal's PNG file, or null: no seal is printed. */
  CERTIFICATE_SEAL: string | null;
  SEED_DEMO: boolean;
  production: boolean;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === 'production';
  if (production) {
    const problems = productionProblems(c);
    if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  const seal = c.CERTIFICATE_SEAL === 'none' ? null : (c.CERTIFICATE_SEAL ?? (production ? null : DEMO_CERTIFICATE_SEAL));
  if (seal !== null) {
    const problem = pngProblem(seal);
    if (problem) throw new Error(`Invalid configuration:\n  CERTIFICATE_SEAL: ${problem}`);
  }
  return {
    ...c,
    CERTIFICATE_SEAL: seal,
    BACKUP_DIR: c.BACKUP_DIR ?? path.join(c.DATA_DIR, 'backups'),
    SIGNING_SECRET: c.SIGNING_SECRET ?? DEVELOPMENT_SIGNING_SECRET,
    CERTIFICATE_SIGNING_KEY: c.CERTIFICATE_SIGNING_KEY ?? DEVELOPMENT_CERTIFICATE_KEY,
    SEED_DEMO: c.SEED_DEMO ?? !production, production };
}

/**
 * Production never runs on a development default that weakens it: the development signing secret, the
 * SMS outbox (codes readable in the database), the simulated WeChat phone (the login code is taken as
 * the WeChat user, so anyone could confirm as anyone bound), a real provider without its credentials,
 * or the demo people with their published passwords (SEED_DEMO is off by default in production).
 */
function productionProblems(c: z.infer<typeof schema>): string[] {
  const problems: string[] = [];
  if (!c.SIGNING_SECRET) problems.push('SIGNING_SECRET: required in production');
  else if (c.SIGNING_SECRET === DEVELOPMENT_SIGNING_SECRET) problems.push('SIGNING_SECRET: the development value is not allowed in production');
  if (!c.CERTIFICATE_SIGNING_KEY) problems.push('CERTIFICATE_SIGNING_KEY: required in production');
  else if (c.CERTIFICATE_SIGNING_KEY === DEVELOPMENT_CERTIFICATE_KEY) problems.push('CERTIFICATE_SIGNING_KEY: the development key is not allowed in production');
  if (/^https?:\/\/(localhost|127\.0\.0\.1)(:|\/|$)/.test(c.PUBLIC_URL)) problems.push("PUBLIC_URL: certificates' QR codes would point at this machine; set the portal's public address");
  if (c.SMS_PROVIDER === 'outbox') problems.push('SMS_PROVIDER: the development outbox is not allowed in production (set aliyun)');
  if (c.SMS_PROVIDER === 'aliyun') {
    for (const k of ['SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_CODE'] as const) {
      if (!c[k]) problems.push(`${k}: required in production with SMS_PROVIDER=aliyun`);
    }
  }
  if (c.WECHAT_PROVIDER === 'simulated') problems.push('WECHAT_PROVIDER: the simulated phone is not allowed in production (set wechat)');
  if (c.WECHAT_PROVIDER === 'wechat') {
    for (const k of ['WECHAT_APPID', 'WECHAT_SECRET'] as const) if (!c[k]) problems.push(`${k}: required in production with WECHAT_PROVIDER=wechat`);
  }
  if (c.SEED_DEMO) problems.push('SEED_DEMO: not allowed in production (the demo people have published passwords)');
  return problems;
}
