/** Binds the operator's import call: the college's tools upload a filled template and get the report back. */
import { operator as O } from '@portal/contract';
import { Answer, type Binder } from '../../http/bind.ts';
import { Refusal } from '../../http/errors.ts';
import { IMPORT_FILE_MISSING, type Importer } from './service.ts';
import { noStore } from '../../lib/listing.ts';

export function importRoutes(bind: Binder, importer: Importer) {
  // The audit entry's address column says it came from the operator call, from which address.
  bind(O.importData, async ({ query, file, ip, reply }) => {
    noStore(reply);
    const { report, rejects, message } = await importer.run(query.kind, file?.bytes ?? null, {
      partial: query.partial === 'true',
      ...(file?.name ? { file: file.name } : {}),
      actor: { personId: null, ip: `operator:${ip}` },
    });
    if (!file) throw new Refusal(IMPORT_FILE_MISSING);
    // The report comes back whatever became of the run; the message says in words whether anything was written, and why not.
    return new Answer({ ...report, rejects: rejects ? rejects.toString('base64') : null }, message);
  }, {
    // A workbook over the size limit is refused before the handler runs; it is an attempt all the same.
    onUploadRefused: ({ query, ip }, reason) => importer.refuse(query.kind, query.partial === 'true', reason, { personId: null, ip: `operator:${ip}` }),
  });
}
