import { describe, expect, it } from 'vitest';
import { AREAS, areaOf, entryOf } from './areas.ts';
import { FLAT_ROUTES } from './routeSpec.ts';

describe('the areas with a side navigation', () => {
  it('every page of the classroom and of class management lies in its area and belongs to an entry of its navigation', () => {
    for (const area of AREAS) {
      const pages = FLAT_ROUTES.filter((r) => r.path.startsWith(`${area.path}/`));
      expect(pages.length).toBeGreaterThan(area.pages.length);
      for (const r of pages) {
        expect(areaOf(r.path)).toBe(area);
        expect(entryOf(area, r.path), r.path).toBeDefined();
      }
      for (const p of area.pages) expect(FLAT_ROUTES.some((r) => r.path === `${area.path}/${p}`), p).toBe(true);
    }
    expect(areaOf('/index')).toBeUndefined();
    expect(areaOf('/classroom')).toBeUndefined();
  });

  it('a sub-page marks the entry it extends', () => {
    const [classroom, classes] = AREAS as [(typeof AREAS)[number], (typeof AREAS)[number]];
    expect(entryOf(classroom, '/learningClassroom/myhomework3')).toBe('myhomework');
    expect(entryOf(classroom, '/learningClassroom/learningnotesedit')).toBe('learningnotes');
    expect(entryOf(classroom, '/learningClassroom/ongoingTopicDetail')).toBe('ongoingTopic');
    expect(entryOf(classroom, '/learningClassroom/ongoingcourses')).toBe('ongoingcourses');
    expect(entryOf(classes, '/class/classstatistics2')).toBe('classstatistics');
    expect(entryOf(classes, '/class/message1')).toBe('message');
  });
});
