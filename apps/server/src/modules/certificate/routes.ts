/** Binds the certificate calls: my certificates, one as a PDF, the public key that checks their QR payloads, and the operator's revocation. */
import { content as C, learning as L, operator as O } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import { cachePublic } from '../../lib/listing.ts';
import type { CertificateService } from './service.ts';

export function certificateRoutes(bind: Binder, svc: CertificateService) {
  bind(L.certificate, async ({ caller, reply }) => {
    reply.header('Cache-Control', 'private, no-store');
    return svc.mine(caller.personId);
  });
  bind(L.certificatePdf, async ({ caller, query, reply }) => {
    const { certNo, bytes } = await svc.pdf(caller.personId, query.certNo);
    await reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${certNo}.pdf"; filename*=UTF-8''${encodeURIComponent(`结业证书-${certNo}.pdf`)}`)
      .header('Cache-Control', 'private, no-store')
      .send(Buffer.from(bytes));
    return null;
  });
  // The address column of the audit entry says it came from the operator call, from which address.
  bind(O.revokeCertificate, async ({ body, ip }) => svc.revoke(body.certNo, body.reason, { personId: null, ip: `operator:${ip}` }));
  bind(C.findCertificateKey, async ({ reply }) => {
    cachePublic(reply);
    return svc.publicKey();
  });
  bind(C.findCertificateSeal, async ({ reply }) => {
    const png = await svc.seal();
    await reply.header('Content-Type', 'image/png').header('Cache-Control', 'public, max-age=3600').send(png);
    return null;
  });
}
