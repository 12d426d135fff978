/**
 * buildApp(deps): the Fastify application with every module bound to its contract calls, the
 * built web app with SPA fallback, uploads, security headers and error mapping. No I/O at import.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { bodyTooLargeMessage, MSG, pathOf, setCollegeTimeZone, type CallDef } from '@portal/contract';
import type { Config } from './config.ts';
import { isEmbedded, type Db } from './db/client.ts';
import { makeAuth } from './http/auth.ts';
import { makeBinder, type Binder } from './http/bind.ts';
import { registerJsonParser } from './http/body.ts';
import { failure } from './http/envelope.ts';
import { HttpError, isDatabaseDown, isWriteConflict } from './http/errors.ts';
import { openApiDocument } from './http/openapi.ts';
import { registerSecurityHeaders, registerServerTiming } from './http/headers.ts';
import { makeSsr, SSR_PATHS, type Ssr } from './http/ssr.ts';
import { instrumentDatabase, makeMetrics, registerHttpMetrics, registerOperations, registerRequestId, requestIdGenerator } from './http/metrics.ts';
import { makePlatform } from './modules/platform/service.ts';
import { makeUc } from './modules/uc/service.ts';
import { ucRoutes } from './modules/uc/routes.ts';
import { makePerson } from './modules/person/service.ts';
import { personRoutes } from './modules/person/routes.ts';
import { makeContent } from './modules/content/service.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { makeCatalog } from './modules/catalog/service.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { makeLearning } from './modules/learning/service.ts';
import { learningRoutes } from './modules/learning/routes.ts';
import { makeExam, SWEEP_INTERVAL_MS } from './modules/exam/service.ts';
import { examRoutes } from './modules/exam/routes.ts';
import { makeMistakes } from './modules/mistakes/service.ts';
import { bookStateOf, recordPractice } from './modules/mistakes/book.ts';
import { mistakesRoutes } from './modules/mistakes/routes.ts';
import { makeReports } from './modules/reports/service.ts';
import { classMembership, makeTeacher } from './modules/teacher/service.ts';
import { teacherRoutes } from './modules/teacher/routes.ts';
import { makeReminders } from './modules/teacher/remind.ts';
import { makeOps } from './modules/ops/service.ts';
import { opsRoutes } from './modules/ops/routes.ts';
import { fileFoldersOf } from './modules/ops/backup.ts';
import { PRUNE_CHECK_MS } from './modules/ops/audit.ts';
import { certificatesOf, revokeForRegrade } from './modules/certificate/service.ts';
import { certificateRoutes } from './modules/certificate/routes.ts';
import { importRoutes } from './modules/import/routes.ts';
import { makeImporter } from './modules/import/service.ts';
import { makeNotes } from './modules/notes/service.ts';
import { notesRoutes } from './modules/notes/routes.ts';
import { makeWork } from './modules/work/service.ts';
import { workRoutes } from './modules/work/routes.ts';
import { makeReviewQueue, REVIEW_SWEEP_MS } from './modules/work/queue.ts';
import { privateDiskFiles } from './modules/work/files.ts';
import { aliyunSms, outboxSms, type SmsSender } from './integrations/sms.ts';
import { realWechat, simulatedWechat, type WechatLogin } from './integrations/wechat.ts';
import { diskStorage } from './integrations/storage.ts';
import { makeWorkerPool } from './workers/pool.ts';
import { INSTANCE_BEAT_MS, makeAdmin } from './modules/admin/service.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { makeAdminContent } from './modules/content/admin.ts';
import { adminContentRoutes } from './modules/content/adminRoutes.ts';
import { makeImportAdmin } from './modules/import/admin.ts';
import { importAdminRoutes } from './modules/import/adminRoutes.ts';
import { makeCertificateAdmin } from './modules/certificate/admin.ts';
import { certificateAdminRoutes } from './modules/certificate/adminRoutes.ts';
import { makePeople } from './modules/person/admin.ts';
import { peopleRoutes } from './modules/person/adminRoutes.ts';
import { makeAdminExams } from './modules/exam/admin.ts';
import { adminExamsRoutes } from './modules/exam/adminRoutes.ts';
import { makeAdminTraining } from './modules/catalog/adminTraining.ts';
import { makeAdminClasses } from './modules/teacher/adminClasses.ts';
import { adminClassRoutes } from './modules/teacher/adminRoutes.ts';
import { makeMedia, type Media } from './modules/media/service.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { COURSE_COMPLETION_JOB, makeAdminCourses } from './modules/catalog/adminCourses.ts';
import { adminCoursesRoutes, adminTrainingRoutes } from './modules/catalog/adminRoutes.ts';
import { PRODUCT_VERSION } from './version.ts';
import { HOUSEKEEPING_JOB, makeJobs, type Jobs } from './modules/jobs/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The jobs queue: tests run due jobs with `app.jobs.runDue()`. */
    jobs: Jobs;
    /** The media library: what a chapter takes of an asset (`media.chapterMedia(id)`). */
    media: Media;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  /** Integrations may be replaced (tests); by default they follow the configuration. */
  sms?: SmsSender;
  wechat?: WechatLogin;
  /** false: no logs; a stream: the JSON lines go there (tests); default: standard output. */
  logger?: boolean | { write(line: string): void };
  /** Default Node.js metrics (event-loop lag, memory…); tests that build many apps leave them out. */
  defaultMetrics?: boolean;
}

const API_PREFIXES = ['/v1/', '/video_learning/', '/dev/', '/uploads/', '/media/', '/openapi.json', '/healthz', '/readyz', '/metrics'];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  // Every date and clock time the server writes or reads (messages, exports, "today") is on this calendar.
  setCollegeTimeZone(config.TIME_ZONE);
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.LOG_LEVEL, ...(typeof deps.logger === 'object' ? { stream: deps.logger } : {}) },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    genReqId: requestIdGenerator(config.TRUST_PROXY),
  });
  const metrics = makeMetrics({ database: isEmbedded(db) ? 'pglite' : 'postgres', defaultMetrics: deps.defaultMetrics });
  instrumentDatabase(db, metrics);
  registerRequestId(app);
  registerHttpMetrics(app, metrics);

  registerSecurityHeaders(app, config.production);
  registerServerTiming(app);
  await app.register(compress, { threshold: 1024 });
  registerJsonParser(app);
  // The file size limit is each upload call's own (contract), applied where the file is read (http/body.ts).
  await app.register(multipart, { limits: { files: 1, fields: 5, parts: 6 } });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const call = (req.routeOptions.config as { call?: CallDef } | undefined)?.call;
    const kind = call?.envelope ?? 'vl';
    if (err instanceof HttpError) return reply.code(err.status).send(failure(kind, err.status, err.message, err.field));
    if (isDatabaseDown(err)) {
      req.log.error({ err }, 'database unavailable');
      return reply.code(503).send(failure(kind, 503, MSG.serviceUnavailable));
    }
    // The safety net for a race a service does not answer itself: the winner's write stands, the loser hears so.
    if (isWriteConflict(err)) {
      req.log.warn({ err: err.message }, 'write conflict');
      return reply.code(409).send(failure(kind, 409, MSG.conflict));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      req.log.info({ err: err.message }, 'bad request');
      // A file over its upload call's limit is refused where it is read (http/body.ts); a 413 here is the body limit.
      const message = status === 413 ? bodyTooLargeMessage(req.routeOptions.bodyLimit) : MSG.badRequest;
      return reply.code(status).send(failure(kind, status, message));
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send(failure(kind, 500, MSG.serverError));
  });

  const platform = makePlatform(db, {
    // Logins by outcome, one per attempt (an account locked by a failure is audited twice: counted once).
    audited: (e) => {
      const reason = typeof e.detail?.reason === 'string' ? e.detail.reason : undefined;
      if (e.event === 'login' && reason !== 'lockedNow') metrics.login(e.outcome, reason);
    },
  });
  const sms =
    deps.sms ??
    (config.SMS_PROVIDER === 'aliyun'
      ? aliyunSms(db, { accessKeyId: config.SMS_ACCESS_KEY_ID, accessKeySecret: config.SMS_ACCESS_KEY_SECRET, signName: config.SMS_SIGN_NAME, templateCode: config.SMS_TEMPLATE_CODE, noticeTemplateCode: config.SMS_NOTICE_TEMPLATE_CODE })
      : outboxSms(db));
  const wechat = deps.wechat ?? (config.WECHAT_PROVIDER === 'wechat' ? realWechat({ appId: config.WECHAT_APPID, secret: config.WECHAT_SECRET }) : simulatedWechat(config.MOBILE_URL));
  const uploadsRoot = path.join(config.DATA_DIR, 'uploads');
  mkdirSync(uploadsRoot, { recursive: true });
  const storage = diskStorage(uploadsRoot);

  let ssr: Ssr | null = null;
  const bound: { call: CallDef; url: string }[] = [];
  const auth = makeAuth(db, config.SESSION_IDLE_SECONDS, config.OPERATOR_TOKEN);
  const binder = makeBinder(app, config.PRODUCT, auth);
  const bind: Binder = (call, handler, options) => {
    bound.push({ call, url: pathOf(call, config.PRODUCT) });
    binder(call, handler, options);
  };

  // The one queue of work that survives a restart (modules/jobs); modules register their kinds below,
  // and the runner starts once the server listens (not under NODE_ENV=test unless JOBS_RUNNER=on: API tests call runDue()).
  const jobs = makeJobs(db, { log: app.log });
  app.decorate('jobs', jobs);
  if (config.JOBS_RUNNER === 'on' || (config.JOBS_RUNNER === 'auto' && config.NODE_ENV !== 'test')) {
    let stopJobs: (() => Promise<void>) | undefined;
    app.addHook('onListen', async () => {
      stopJobs = jobs.start(config.JOBS_POLL_MS);
    });
    app.addHook('onClose', async () => stopJobs?.());
  }

  const uc = makeUc({
    db,
    platform,
    sms,
    wechat,
    limits: { perMinute: config.RATE_LIMIT_PER_MINUTE, smsPerPhoneDaily: config.SMS_DAILY_CAP_PER_PHONE, smsPerIpDaily: config.SMS_DAILY_CAP_PER_IP },
    timeZone: config.TIME_ZONE,
  });
  ucRoutes(bind, uc, { production: config.production });
  const person = makePerson({ db, platform, storage, config, uc });
  personRoutes(bind, person);
  await contentRoutes(app, bind, makeContent({ db, platform, product: config.PRODUCT, perMinute: config.RATE_LIMIT_PER_MINUTE, statsTtlMs: config.STATS_CACHE_SECONDS * 1000, timeZone: config.TIME_ZONE }));
  // The one pool of workers for CPU-heavy work (workers/pool.ts), closed after the last request.
  const workers = makeWorkerPool({ size: config.WORKER_THREADS });
  app.addHook('onClose', () => workers.close());
  const certificates = certificatesOf(config, db, platform, workers);
  const learning = makeLearning(
    db,
    { completionRatio: config.COMPLETION_RATIO, idleMinutes: config.IDLE_MINUTES },
    { installsCompleted: (tx, personId, completed, at) => certificates.issue(tx, personId, completed, at), certificateOf: (personId, installId) => certificates.ofInstall(personId, installId), sessionValidSql: auth.sessionValidSql },
  );
  const exam = makeExam(db, {
    installOf: async (caller, installId) => {
      const install = await learning.install(caller, installId);
      return install && { title: install.title, joined: install.enrolment !== null && install.enrolment !== 'cancelled' };
    },
    passedInstallExam: (tx, personId, installId) => learning.completeInstall(tx, personId, installId),
    classOf: (personId, classId) => classMembership(db, personId, classId),
    book: { recordPractice, bookStateOf },
  });
  catalogRoutes(bind, makeCatalog({ db, progress: (personId, courseIds) => learning.courseProgress(personId, courseIds), examStanding: (caller, examIds) => exam.mineOfExams(caller, examIds) }));
  learningRoutes(bind, learning, metrics);
  examRoutes(bind, exam, metrics);
  mistakesRoutes(bind, makeMistakes(db, exam), exam);
  certificateRoutes(bind, certificates);
  const importer = makeImporter({ db, storage, platform });
  importRoutes(bind, importer);
  notesRoutes(
    bind,
    makeNotes({ db, platform, isMine: (personId, courseId) => learning.isMine(personId, courseId), forbiddenWords: config.FORBIDDEN_WORDS, criticismPerMinute: config.CRITICISM_PER_MINUTE }),
  );
  // Every instance sweeps attempts past their deadline (row locks make it exactly once); a learner
  // who went away still gets a record stamped with the deadline.
  const sweep = setInterval(() => {
    exam.sweep().catch((err: unknown) => app.log.error({ err }, 'exam deadline sweep failed'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  const reports = makeReports(db, { completionRatio: config.COMPLETION_RATIO });
  const teacher = makeTeacher({ db, reports, platform, sms, uc, person, noticesPerPhoneDaily: config.SMS_NOTICE_DAILY_CAP_PER_PHONE, timeZone: config.TIME_ZONE, certificates });
  // Homework attachments are private: stored outside the statically served uploads, read through downloadWorkFile.
  const work = makeWork({
    db,
    platform,
    files: privateDiskFiles(fileFoldersOf(config.DATA_DIR)['work-files']),
    classesOf: (teacherId) => reports.classesOf(teacherId),
    classOfTeacher: (teacherId, classId) => reports.classOfTeacher(teacherId, classId),
  });
  const reminders = makeReminders({
    db,
    reports,
    platform,
    sms,
    jobs,
    notHandedIn: (classId, personIds) => work.notHandedIn(classId, personIds),
    noticesPerPhoneDaily: config.SMS_NOTICE_DAILY_CAP_PER_PHONE,
    timeZone: config.TIME_ZONE,
  });
  teacherRoutes(bind, teacher, reminders);
  // Reviews held in the review queue's undo window become final in whichever instance's sweep takes
  // them first (SKIP LOCKED: exactly once); the learner hears of a review only then.
  const reviewQueue = makeReviewQueue({ db, platform, classesOf: (teacherId) => reports.classesOf(teacherId), access: teacher.access, undoSeconds: config.REVIEW_UNDO_SECONDS });
  workRoutes(bind, work, teacher, reviewQueue);
  const finaliseReviews = setInterval(() => {
    reviewQueue.finaliseDue().catch((err: unknown) => app.log.error({ err }, 'review queue sweep failed'));
  }, REVIEW_SWEEP_MS);
  finaliseReviews.unref();
  app.addHook('onClose', async () => clearInterval(finaliseReviews));
  const ops = makeOps(db, config);
  opsRoutes(bind, ops);
  const admin = makeAdmin({ db, config, platform, ops, rolesOf: uc.rolesOf, version: PRODUCT_VERSION });
  adminRoutes(bind, admin, uc);
  // A content change forgets this instance's rendered pages at once; other instances' expire within SSR_CACHE_SECONDS.
  adminContentRoutes(bind, makeAdminContent({ db, platform, storage, changed: () => ssr?.forget() }));
  importAdminRoutes(bind, makeImportAdmin({ db, importer, config }));
  certificateAdminRoutes(bind, makeCertificateAdmin({ db, platform, certificates, timeZone: config.TIME_ZONE }));
  peopleRoutes(bind, makePeople({ db, platform, sms, uc, noticesPerPhoneDaily: config.SMS_NOTICE_DAILY_CAP_PER_PHONE, timeZone: config.TIME_ZONE, collegeName: config.COLLEGE_NAME }));
  adminExamsRoutes(
    bind,
    makeAdminExams({
      db,
      platform,
      passedInstallExam: (tx, personId, installId) => learning.completeInstall(tx, personId, installId),
      failedInstallExam: (tx, personId, installId) => learning.reopenInstall(tx, personId, installId),
      revokeForRegrade,
      changed: () => ssr?.forget(),
    }),
  );
  // A change of a topic, plan or class shows on the learner's next page: this instance's rendered pages are forgotten at once.
  adminTrainingRoutes(
    bind,
    makeAdminTraining({
      db,
      platform,
      timeZone: config.TIME_ZONE,
      changed: () => ssr?.forget(),
      dropApplications: (tx, installId) => learning.dropApplications(tx, installId),
    }),
  );
  adminClassRoutes(
    bind,
    makeAdminClasses({
      db,
      platform,
      changed: () => ssr?.forget(),
      enrol: (tx, personId, installId) => learning.enrolByCollege(tx, personId, installId),
    }),
  );
  // A course change forgets this instance's rendered pages (/course) at once, as content changes do.
  const media = makeMedia({
    db,
    platform,
    dataDir: config.DATA_DIR,
    maxBytes: config.MEDIA_MAX_BYTES,
    tools: { ffmpeg: config.FFMPEG_PATH, ffprobe: config.FFPROBE_PATH, pdftoppm: config.PDFTOPPM_PATH },
    jobs,
  });
  app.decorate('media', media);
  await mediaRoutes(app, bind, auth, media);
  // Daily housekeeping on the jobs queue (once across instances): finished jobs after 30 days (failed
  // ones after 90), uploads abandoned for 7 days with their partial files. It enqueues its next run;
  // each instance's runner makes sure one is waiting (the key keeps it to one).
  jobs.register(HOUSEKEEPING_JOB, async () => {
    const result = { jobs: await jobs.prune(30), uploads: await media.dropAbandoned(7) };
    await jobs.enqueue(db, { kind: HOUSEKEEPING_JOB, key: HOUSEKEEPING_JOB, runAt: new Date(Date.now() + 24 * 3600_000) });
    return result;
  });
  if (config.NODE_ENV !== 'test') {
    app.addHook('onListen', async () => {
      await jobs.enqueue(db, { kind: HOUSEKEEPING_JOB, key: HOUSEKEEPING_JOB, runAt: new Date(Date.now() + 3600_000) }).catch((err: unknown) => app.log.warn({ err }, 'housekeeping not scheduled'));
    });
  }
  // A chapter hidden or removed, or a studied one asking for less time, may complete the course for
  // learners who had finished the rest: a job (run once across instances, retried on failure)
  // completes it for them at once rather than at a report they have no time left to make.
  jobs.register(COURSE_COMPLETION_JOB, async (ctx) => ({ completed: await learning.completeWhereDone((ctx.payload as { courseId: number }).courseId) }));
  // A course change forgets this instance's rendered pages (/course) at once, as content changes do.
  adminCoursesRoutes(
    bind,
    makeAdminCourses({
      db,
      platform,
      storage,
      changed: () => ssr?.forget(),
      completionsToCheck: (tx, courseId) => jobs.enqueue(tx as unknown as typeof db, { kind: COURSE_COMPLETION_JOB, payload: { courseId }, key: `${COURSE_COMPLETION_JOB}:${courseId}` }),
      mediaAt: (url) => media.chapterMediaAt(url),
    }),
  );
  // Every instance says it is alive, for the administration area's operations page.
  if (config.NODE_ENV !== 'test') {
    const beat = () => {
      admin.beat().catch((err: unknown) => app.log.warn({ err }, 'instance beat failed'));
    };
    app.addHook('onListen', async () => beat());
    const beating = setInterval(beat, INSTANCE_BEAT_MS);
    beating.unref();
    app.addHook('onClose', async () => clearInterval(beating));
  }
  // Every instance looks each hour (and a minute after start) whether the audit log's daily prune is
  // due; an advisory lock and the last prune's own entry make it run once a day across instances.
  // Not under NODE_ENV=test, where an entry of its own would land in the middle of tests that count
  // the log; its tests call prune() themselves (modules/ops/audit.test.ts).
  if (config.NODE_ENV !== 'test') {
    const pruneAudit = () => {
      ops.audit.prune().catch((err: unknown) => app.log.error({ err }, 'audit retention prune failed'));
    };
    const pruneFirst = setTimeout(pruneAudit, 60_000);
    const pruneEvery = setInterval(pruneAudit, PRUNE_CHECK_MS);
    pruneFirst.unref();
    pruneEvery.unref();
    app.addHook('onClose', async () => {
      clearTimeout(pruneFirst);
      clearInterval(pruneEvery);
    });
  }

  const openapi = openApiDocument(bound, config.COLLEGE_NAME);
  app.get('/openapi.json', async () => openapi);
  registerOperations(app, db, metrics, { token: config.METRICS_TOKEN, host: config.METRICS_HOST, port: config.METRICS_PORT });

  await app.register(fastifyStatic, {
    root: uploadsRoot,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '7d',
    setHeaders: (res) => {
      res.header('X-Content-Type-Options', 'nosniff');
      res.header('Content-Disposition', 'inline');
      res.header('Content-Security-Policy', "default-src 'none'; sandbox");
    },
  });

  const webBuilt = existsSync(path.join(config.WEB_DIST, 'index.html'));
  if (webBuilt) {
    await app.register(fastifyStatic, {
      root: config.WEB_DIST,
      prefix: '/',
      // Looked up per request, so a rebuilt web app is served without a restart; a miss falls through to the SPA.
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each script and style sheet (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders: (res, file) => {
        // Hashed assets never change; index.html must always be asked again.
        res.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // SPEC.md section 2: the root redirects to /index.
  app.get('/', (_req, reply) => reply.redirect('/index', 302));

  // /index and /course come rendered on the server when the web app's rendering bundle is built (ADR 0008).
  ssr = webBuilt ? makeSsr(app, { webDist: config.WEB_DIST, ssrDist: config.WEB_SSR_DIST, cacheSeconds: config.SSR_CACHE_SECONDS, rendersPerSecond: config.SSR_RENDERS_PER_SECOND, log: app.log }) : null;

  app.setNotFoundHandler(async (req, reply) => {
    const isApi = API_PREFIXES.some((p) => req.url.startsWith(p));
    const pathname = req.url.split('?')[0] ?? '';
    if (req.method === 'GET' && !isApi && webBuilt && !/\.[a-z0-9]+$/i.test(pathname)) {
      reply.header('Cache-Control', 'no-cache');
      const html = ssr && SSR_PATHS.includes(pathname) ? await ssr.page(req.url) : null;
      if (html) return reply.type('text/html; charset=utf-8').send(html);
      // A page the browser renders: index.html with the route's own chunks asked for at once.
      const shell = ssr?.shell(pathname) ?? null;
      if (shell) return reply.type('text/html; charset=utf-8').send(shell);
      return reply.sendFile('index.html', config.WEB_DIST);
    }
    return reply.code(404).send(failure(req.url.startsWith('/v1/') ? 'uc' : 'vl', 404, MSG.notFound));
  });

  return app;
}
