/**
 * Binds the public content calls of the contract and serves the demo media under /media/.
 * Lists answer with a one-minute public cache; detail pages of unknown ids are 404s.
 */
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { content, MSG } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import { HttpError } from '../../http/errors.ts';
import { DEMO_ASSETS_DIR, MEDIA_PREFIX } from '../../seed/seed-content.ts';
import type { ContentService } from './service.ts';
import { cachePublic, noStore } from '../../lib/listing.ts';

const found = <T>(value: T | null): T => {
  if (value === null) throw new HttpError(404, MSG.notFound);
  return value;
};

export async function contentRoutes(app: FastifyInstance, bind: Binder, svc: ContentService) {
  bind(content.findFlashNewByPage, async ({ query, reply }) => {
    cachePublic(reply);
    return svc.flashNewsPage(query);
  });
  bind(content.findFlashNewById, async ({ query, reply }) => {
    const news = found(await svc.flashNewsById(query.id));
    cachePublic(reply);
    return news;
  });
  bind(content.findAfficheByPage, async ({ query, reply }) => {
    cachePublic(reply);
    return svc.noticePage('affiche', query);
  });
  bind(content.findAfficheById, async ({ query, reply }) => {
    const notice = found(await svc.noticeById(query.id));
    cachePublic(reply);
    return notice;
  });
  bind(content.findEducationAffiche, async ({ query, reply }) => {
    cachePublic(reply);
    return svc.noticePage('education', query);
  });
  bind(content.findNoticeList, async ({ query, reply }) => {
    cachePublic(reply);
    return svc.realtimeNotices(query.size);
  });
  bind(content.findImg, async ({ reply }) => {
    cachePublic(reply);
    return svc.collegeImages();
  });
  bind(content.findAbout, async ({ reply }) => {
    cachePublic(reply);
    return svc.about();
  });
  bind(content.findDownloadByPage, async ({ query, reply }) => {
    cachePublic(reply);
    return svc.downloadPage(query);
  });
  bind(content.downloadFile, async ({ query, reply }) => {
    const url = found(await svc.countDownload(query.id));
    // Every click must reach the server to be counted.
    await reply.header('Cache-Control', 'no-store').redirect(url, 302);
    return null;
  });
  bind(content.findQuestionList, async ({ query, reply }) => {
    cachePublic(reply);
    return svc.questions(query.keyword);
  });
  bind(content.link, async ({ reply }) => {
    cachePublic(reply);
    return svc.links();
  });
  bind(content.findCertificateByPage, async ({ query, reply }) => {
    cachePublic(reply);
    return svc.certificatePage(query);
  });
  bind(content.findCertificateByNo, async ({ query, ip, reply }) => {
    // Answers differ by the name given and are rate-limited per caller: not for shared caches.
    noStore(reply);
    return svc.certificateByNo(query.certNo, query.personName, ip);
  });
  bind(content.realTimeData, async ({ reply }) => {
    cachePublic(reply);
    return svc.realTimeData();
  });
  bind(content.registerNum, async ({ reply }) => {
    cachePublic(reply);
    return svc.registerNum();
  });
  bind(content.totalRanking, async ({ query, reply }) => {
    cachePublic(reply);
    return svc.ranking(query.year, query.size);
  });
  bind(content.findHoursByMonth, async ({ query, reply }) => {
    cachePublic(reply);
    return svc.hoursByMonth(query.year);
  });

  await app.register(fastifyStatic, {
    root: DEMO_ASSETS_DIR,
    prefix: MEDIA_PREFIX,
    decorateReply: false,
    maxAge: '1d',
    setHeaders: (res) => {
      res.header('X-Content-Type-Options', 'nosniff');
    },
  });
}
