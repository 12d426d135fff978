/**
 * The zod side of calls: envelopes, response schemas and paging. The shape of a call itself is in
 * callDef.ts (no schema built there); it is re-exported here for the calls modules.
 */
import './zodSetup.ts';
import { z } from 'zod';
import type { CallDef } from './callDef.ts';
import { intParam } from './rules/numbers.ts';

export * from './callDef.ts';

export const ucEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data: data.nullable(), field: z.string().optional() });
export const vlEnvelope = <T extends z.ZodType>(obj: T) =>
  z.object({ res: z.boolean(), resMsg: z.string(), obj: obj.nullable(), field: z.string().optional() });

/** The full response schema of a call: its data in the call's envelope. */
export function responseSchema(call: CallDef): z.ZodType {
  if (call.envelope === 'uc') return ucEnvelope(call.data);
  if (call.envelope === 'vl') return vlEnvelope(call.data);
  return call.data;
}

/** Paged lists: `pageNum` from 1, `pageSize` at most 100; answers `{ list, total, pageNum, pageSize }`. */
export const pageQuery = z.object({
  pageNum: intParam('页码', 1, 100000, { tooSmall: '页码从1开始', tooLarge: '页码过大' }).default(1),
  pageSize: intParam('每页条数', 1, 100, { tooSmall: '每页至少1条', tooLarge: '每页最多100条' }).default(10),
});
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });
