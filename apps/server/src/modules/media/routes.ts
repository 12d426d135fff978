/**
 * Binds the media library's calls, and serves the tus core protocol (1.0.0, with the creation and
 * termination extensions) at MEDIA_TUS_PATH: POST creates an upload, HEAD says how much the server
 * holds, PATCH appends, DELETE gives up. Every tus request passes the same administrator check as the
 * calls (session and roles, read each time). The body of a PATCH is never parsed: it streams to disk.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { adminMedia as M, MSG } from '@portal/contract';
import type { Binder } from '../../http/bind.ts';
import { type AuthContext, whoOf, type Who } from '../../http/auth.ts';
import { failure } from '../../http/envelope.ts';
import { HttpError, isDatabaseDown } from '../../http/errors.ts';
import type { Media } from './service.ts';
import { noStore } from '../../lib/listing.ts';

const TUS_VERSION = '1.0.0';

/**
 * tus Upload-Metadata: comma-separated `key base64value` pairs. A value with a NUL byte (the file name
 * is stored as text, which PostgreSQL cannot hold NUL in) is refused like any other input with one.
 */
function metadataOf(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [k, v] = pair.trim().split(' ');
    if (!k) continue;
    out[k] = Buffer.from(v ?? '', 'base64').toString('utf8');
    if (out[k].includes('\u0000')) throw new HttpError(400, MSG.illegalCharacter);
  }
  return out;
}

const nonNegative = (v: string | string[] | undefined) => (typeof v === 'string' && /^\d{1,16}$/.test(v) ? Number(v) : null);

export async function mediaRoutes(app: FastifyInstance, bind: Binder, auth: AuthContext, svc: Media) {
  bind(M.adminMediaList, ({ query, reply }) => (noStore(reply), svc.list(query)));
  bind(M.adminMediaGet, ({ query, reply }) => (noStore(reply), svc.get(query.id)));
  bind(M.adminMediaSettings, ({ reply }) => (noStore(reply), svc.settings()));
  bind(M.adminMediaRetry, ({ caller, ip, body }) => svc.retry(whoOf(caller, ip), body.id));

  await app.register(async (tus) => {
    // The body stays unread: the PATCH handler streams it to disk itself (no body limit, no buffering).
    tus.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

    /** Answers every tus request with its protocol header, and refusals in the area's envelope with the Chinese message. */
    const handle = (work: (req: FastifyRequest, reply: FastifyReply, who: Who) => Promise<void>) => async (req: FastifyRequest, reply: FastifyReply) => {
      reply.header('Tus-Resumable', TUS_VERSION).header('Cache-Control', 'no-store');
      try {
        const { caller } = await auth.admin(req, M.MEDIA_ROLES);
        if (req.headers['tus-resumable'] !== TUS_VERSION) throw new HttpError(412, MSG.badRequest);
        await work(req, reply, whoOf(caller, req.ip));
      } catch (err) {
        if (err instanceof HttpError) return reply.code(err.status).send(failure('uc', err.status, err.message));
        if (isDatabaseDown(err)) return reply.code(503).send(failure('uc', 503, MSG.serviceUnavailable));
        req.log.error({ err }, 'media upload failed');
        return reply.code(500).send(failure('uc', 500, MSG.serverError));
      }
      return reply;
    };

    tus.options(M.MEDIA_TUS_PATH, async (_req, reply) =>
      reply.code(204).header('Tus-Resumable', TUS_VERSION).header('Tus-Version', TUS_VERSION).header('Tus-Extension', 'creation,termination').send(),
    );
    tus.post(
      M.MEDIA_TUS_PATH,
      handle(async (req, reply, who) => {
        const length = nonNegative(req.headers['upload-length']);
        if (length === null || length === 0) throw new HttpError(400, M.MEDIA_MSG.noLength);
        const meta = metadataOf(req.headers['upload-metadata'] as string | undefined);
        const key = await svc.create(who, { length, name: (meta.filename ?? '').trim(), kind: meta.kind ?? '' });
        reply.code(201).header('Location', `${M.MEDIA_TUS_PATH}/${key}`).send();
      }),
    );
    tus.head(
      `${M.MEDIA_TUS_PATH}/:key`,
      handle(async (req, reply) => {
        const { offset, length } = await svc.offset((req.params as { key: string }).key);
        reply.code(200).header('Upload-Offset', String(offset)).header('Upload-Length', String(length)).send();
      }),
    );
    tus.patch(
      `${M.MEDIA_TUS_PATH}/:key`,
      handle(async (req, reply, who) => {
        if (req.headers['content-type'] !== 'application/offset+octet-stream') throw new HttpError(415, MSG.badRequest);
        const offset = nonNegative(req.headers['upload-offset']);
        if (offset === null) throw new HttpError(400, M.MEDIA_MSG.offsetMismatch);
        const now = await svc.append(who, (req.params as { key: string }).key, offset, req.raw, nonNegative(req.headers['content-length']));
        reply.code(204).header('Upload-Offset', String(now)).send();
      }),
    );
    tus.delete(
      `${M.MEDIA_TUS_PATH}/:key`,
      handle(async (req, reply, who) => {
        await svc.terminate(who, (req.params as { key: string }).key);
        reply.code(204).send();
      }),
    );
  });
}
