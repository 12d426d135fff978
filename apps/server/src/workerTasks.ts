/**
 * The tasks the worker pool runs, by name (pool.ts says how to add one). Each imports its module when
 * first run, in the worker: the request thread never loads pdf-lib, fontkit and the like.
 */
import type { CertificateLook, CertificatePage } from './modules/certificate/pdf.ts';

const certificatePdf = () => import('./modules/certificate/pdf.ts');

export const tasks = {
  /** One certificate as a one-page PDF. */
  certificatePdf: async (input: { page: CertificatePage; look: CertificateLook }) => (await certificatePdf()).renderCertificatePdf(input.page, input.look),
  /** Certificates, one page each, as one PDF in chunks (the first page's, one per page, then the rest). */
  certificatesPdf: async function* (input: { pages: CertificatePage[]; look: CertificateLook; title: string; author: string }) {
    yield* (await certificatePdf()).certificatePdfChunks(input.pages, input.look, input.title, input.author);
  },
};
