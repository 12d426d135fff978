/** Binds 导入 of the administration area (auth 'admin', training administrators). */
import { adminImport as AI } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import { Answer, type Binder } from '../../http/bind.ts';
import { attachmentHeader, sendXlsx } from '../../http/xlsx.ts';
import type { ImportAdmin } from './admin.ts';
import { noStore } from '../../lib/listing.ts';

const sendFile = async (reply: FastifyReply, f: { bytes: Buffer; fileName: string; asciiName: string }) => {
  await reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', attachmentHeader(f.fileName, f.asciiName))
    .header('Cache-Control', 'private, no-store')
    .send(f.bytes);
  return null;
};

export function importAdminRoutes(bind: Binder, svc: ImportAdmin) {
  bind(AI.adminImportTemplate, async ({ query, reply }) => sendFile(reply, await svc.template(query.kind)));
  bind(
    AI.adminImportUpload,
    async ({ query, file, caller, ip, reply }) => {
      noStore(reply);
      const { run, message } = await svc.upload(query, file, { personId: caller.personId, ip });
      // The report comes back whatever became of the run; the message says whether anything was written.
      return new Answer(run, message);
    },
    {
      // A workbook over the size limit is refused before the handler runs; it is an attempt all the same.
      onUploadRefused: async ({ query, ip, caller }, reason) => {
        if (caller) await svc.refuse(query.kind, query.partial === 'true', reason, { personId: caller.personId, ip });
      },
    },
  );
  bind(AI.adminImportPhase, async ({ query, caller, reply }) => {
    noStore(reply);
    return svc.phase(caller.personId, query.run);
  });
  bind(AI.adminImportList, async ({ query, reply }) => {
    noStore(reply);
    return svc.list(query);
  });
  bind(AI.adminImportExport, async ({ query, reply }) => {
    await sendXlsx(reply, svc.export(query));
    return null;
  });
  bind(AI.adminImportProblems, async ({ params, reply }) => {
    noStore(reply);
    return svc.problems(params.id);
  });
  bind(AI.adminImportRejects, async ({ query, reply }) => sendFile(reply, await svc.rejects(query.id)));
}
