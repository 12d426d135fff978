/** Binds the operator's import call: the college's tools upload a filled template and get the report back. */
import { operator as O } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import { Refusal } from '../../http/errors.ts';
import type { Importer } from './service.ts';

export const IMPORT_FILE_MISSING = '请在 file 字段上传导入模板（.xlsx）';

export function importRoutes(bind: Binder, importer: Importer) {
  // The audit entry's address column says it came from the operator call, from which address.
  bind(O.importData, async ({ query, file, ip, reply }) => {
    reply.header('Cache-Control', 'no-store');
    if (!file) throw new Refusal(IMPORT_FILE_MISSING);
    const { report, rejects } = await importer.run(query.kind, file.bytes, { partial: query.partial === 'true', actor: { personId: null, ip: `operator:${ip}` } });
    return { ...report, rejects: rejects ? rejects.toString('base64') : null };
  });
}
