/**
 * The college's own tools (its training management system, its operators' scripts) call these with
 * `Authorization: Bearer <OPERATOR_TOKEN>` (auth 'operator'): never a portal person, whatever their
 * type, and nobody at all while no token is configured. The web app never calls them.
 */
import { z } from 'zod';
import { defineCall } from '../call.ts';
import { certNoField } from './content.ts';

const OP = '/{product}/operator';

export const revokeCertificate = defineCall({
  name: 'revokeCertificate',
  method: 'POST',
  path: `${OP}/certificate/revoke`,
  envelope: 'uc',
  auth: 'operator',
  summary: 'Revoke a certificate with a reason (audited); it then verifies as revoked, with the date. Revoking it again is refused.',
  body: z.object({
    certNo: certNoField,
    reason: z.string({ error: '请填写撤销原因' }).trim().min(1, '请填写撤销原因').max(200, '撤销原因不能超过200个字符'),
  }),
  data: z.object({ certNo: z.string(), revokedAt: z.string().describe('ISO 8601 date-time') }),
});
