/**
 * Binds the catalogue calls of the contract. Answers that depend on the caller (course cards) are
 * publicly cacheable only for visitors; unknown ids are 404s.
 */
import { catalog, MSG } from '@portal/contract';
import { Answer, type Binder } from '../../http/bind.ts';
import { HttpError } from '../../http/errors.ts';
import { cacheFor, cachePublic } from '../../lib/listing.ts';
import type { CatalogService } from './service.ts';

const found = <T>(value: T | null): T => {
  if (value === null) throw new HttpError(404, MSG.notFound);
  return value;
};

export function catalogRoutes(bind: Binder, svc: CatalogService) {
  bind(catalog.findYearList, async ({ reply }) => {
    cachePublic(reply);
    return svc.years();
  });
  bind(catalog.findInstallByYear, async ({ query, reply }) => {
    const page = found(await svc.installsOfYear(query));
    cachePublic(reply);
    return page;
  });
  bind(catalog.findPlanByInstall, async ({ query, reply }) => {
    const list = found(await svc.plansOfInstall(query.installId));
    cachePublic(reply);
    return list;
  });
  bind(catalog.findCourseByPlan, async ({ query, caller, reply }) => {
    const page = found(await svc.coursesOfPlan(caller, query));
    cacheFor(reply, caller !== null);
    return page;
  });
  bind(catalog.findNewCourseByPage, async ({ query, caller, reply }) => {
    cacheFor(reply, caller !== null);
    return svc.newCourses(caller, query);
  });
  bind(catalog.findCourseTopByPage, async ({ query, caller, reply }) => {
    cacheFor(reply, caller !== null);
    return svc.popularCourses(caller, query);
  });
  bind(catalog.findCourseByPage, async ({ query, caller, reply }) => {
    const page = await svc.searchCourses(caller, query);
    cacheFor(reply, caller !== null);
    return page;
  });
  bind(catalog.findCourseById, async ({ query, caller, reply }) => {
    const course = found(await svc.course(caller, query.id));
    cacheFor(reply, caller !== null);
    return course;
  });
  bind(catalog.findCourseCategory, async ({ reply }) => {
    cachePublic(reply);
    return svc.categoryTree();
  });
  bind(catalog.guessYouLike, async ({ query, caller, reply }) => {
    const list = await svc.guessYouLike(caller, query.size);
    cacheFor(reply, caller !== null);
    return list;
  });
  bind(catalog.addPersonCourse, async ({ query, caller }) => {
    const result = found(await svc.addPersonCourse(caller, query.courseId));
    return new Answer(result, result.alreadyAdded ? '该课程已在我的课程中' : '已加入我的课程');
  });
  bind(catalog.findColumnByPage, async ({ query, caller }) => svc.columnPage(caller, query));
  bind(catalog.findColumnById, async ({ query, caller }) => found(await svc.column(caller, query.id)));
  bind(catalog.findExamOnlineByPage, async ({ query, caller, reply }) => {
    cacheFor(reply, caller !== null);
    return svc.openExams(caller, query);
  });
}
