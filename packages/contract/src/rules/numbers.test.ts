import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../index.ts';
import { idField, idParam, INT_MAX, intField, versionField, WIDE, wideIdParam } from './numbers.ts';

const calls = Object.values(contract).flatMap((ns) => (typeof ns === 'object' && ns !== null ? (Object.values(ns) as unknown[]).filter(contract.isCallDef) : []));

/** Every number schema inside `schema`, with where it is. */
function numbersIn(schema: z.ZodType, where: string, seen = new Set<z.ZodType>()): { where: string; schema: z.ZodNumber }[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const inner = (s: unknown, w = where) => (s ? numbersIn(s as z.ZodType, w, seen) : []);
  if (schema instanceof z.ZodNumber) return [{ where, schema }];
  if (schema instanceof z.ZodObject) return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([k, f]) => inner(f, `${where}.${k}`));
  if (schema instanceof z.ZodArray) return inner(schema.element, `${where}[]`);
  if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).flatMap((o) => inner(o));
  if (schema instanceof z.ZodLazy) return inner((def.getter as () => z.ZodType)());
  return [...inner(def.innerType), ...inner(def.in), ...inner(def.out), ...inner(def.left), ...inner(def.right), ...inner(def.valueType)];
}

describe('numbers: one bound for every number a call takes', () => {
  it('finds the numbers it checks (a walk that found none would pass anything)', () => {
    expect(numbersIn(z.object({ a: z.array(z.object({ b: idField('x').nullable().default(null) })) }), 'x')).toHaveLength(1);
  });

  it('every number in every call’s path, query and body fits an integer column', () => {
    const unbounded: string[] = [];
    for (const call of calls) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = call[part];
        if (!schema) continue;
        for (const n of numbersIn(schema, `${call.name} ${part}`)) {
          const { minValue, maxValue } = n.schema;
          if (n.schema.description === WIDE && minValue !== null && minValue >= 0 && maxValue === Number.MAX_SAFE_INTEGER) continue;
          if (minValue === null || maxValue === null || minValue < -INT_MAX || maxValue > INT_MAX) unbounded.push(`${n.where} (${minValue}..${maxValue})`);
        }
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('an id is a positive whole number up to 2147483647, refused past it with a Chinese message', () => {
    const courseId = idParam('课程编号');
    expect(courseId.parse('2147483647')).toBe(INT_MAX);
    expect(courseId.safeParse('2147483648').error?.issues[0]?.message).toBe('课程编号过大');
    expect(courseId.safeParse('1e20').error?.issues[0]?.message).toBe('课程编号过大');
    expect(courseId.safeParse('-1').error?.issues[0]?.message).toBe('课程编号必须大于0');
    expect(courseId.safeParse('0').error?.issues[0]?.message).toBe('课程编号必须大于0');
    expect(courseId.safeParse('1.5').error?.issues[0]?.message).toBe('课程编号必须是整数');
    expect(courseId.safeParse('abc').error?.issues[0]?.message).toBe('课程编号必须是数字');
    expect(idField('班级编号').safeParse('3').error?.issues[0]?.message).toBe('班级编号必须是数字');
    expect(versionField().parse(0)).toBe(0);
    expect(wideIdParam('批阅记录编号').parse('2147483648')).toBe(2147483648);
    expect(versionField().safeParse(2147483648).error?.issues[0]?.message).toBe('版本号不正确');
  });

  it('refuses, when the schema is built, bounds an integer column cannot hold', () => {
    expect(() => intField('名额', 0, 2 ** 31)).toThrow();
    expect(intField('排序', -9999, 9999).safeParse(-10000).error?.issues[0]?.message).toBe('排序不能小于-9999');
  });
});
