/**
 * The zod side of calls: envelopes, response schemas and paging. The shape of a call itself is in
 * callDef.ts (no schema built there); it is re-exported here for the calls modules.
 */
import './zodSetup.ts';
import { z } from 'zod';
import type { CallDef } from './callDef.ts';

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
  pageNum: z.coerce.number({ error: '页码必须是数字' }).int('页码必须是整数').min(1, '页码从1开始').max(100000, '页码过大').default(1),
  pageSize: z.coerce.number({ error: '每页条数必须是数字' }).int('每页条数必须是整数').min(1, '每页至少1条').max(100, '每页最多100条').default(10),
});
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });
