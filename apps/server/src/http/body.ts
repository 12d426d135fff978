/**
 * Request bodies as every call receives them: JSON bounded in nesting before it is parsed, and a
 * multipart upload read with its call's file limit. Malformed bodies become 400s (and a file over its
 * call's limit that call's own 413) here, once, rather than stack overflows and 500s in whatever
 * walks or streams them later.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG, type CallDef } from '@portal/contract';
import { HttpError } from './errors.ts';

/**
 * No call's input nests more than a few levels; the bound stops a body of 10,000 brackets before the
 * parser and the schema checks, which walk it recursively, run out of stack.
 */
export const MAX_JSON_DEPTH = 32;

/** One linear pass over the text: whether brackets outside strings open more than `limit` levels. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character, a quote included
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Replaces Fastify's JSON parser by the same parser (same prototype-poisoning rules) behind the depth bound. */
export function registerJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? 'error', app.initialConfig.onConstructorPoisoning ?? 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) return done(new HttpError(400, MSG.bodyTooDeep), undefined);
    return parse(req, body as string, done);
  });
}

/** A file read whole: one over its call's limit is refused while it is read, never handed on cut short. */
export interface UploadedFile {
  bytes: Buffer;
  /** The name the client gave the file (shown only, never used to store it); '' when none. */
  name: string;
}

/**
 * The upload call's file: null when the request is not multipart or has no file in the call's field;
 * a file over the call's limit is refused with the call's message (413); a multipart body the parser
 * cannot finish (no boundary, cut off before its closing boundary) is refused as incomplete (400).
 *
 * Every upload call's file is read here and only here, and its bytes are counted here rather than
 * trusted to the plugin's toBuffer(): that one looks at busboy's `truncated` flag only after a chunk
 * arrives, and when the limit falls exactly on a chunk's end (a browser sends the file in 64 KB
 * pieces after the part's header, and every limit is a multiple of 64 KB) busboy cuts the file
 * without handing on another chunk, so toBuffer() answered the first maxBytes bytes as the whole file.
 * Busboy is told one byte more than the call allows, so a file over the limit always shows here as
 * more than maxBytes counted; `truncated` is checked as well, for any lower limit that cut it.
 */
export async function readUpload(req: FastifyRequest, upload: NonNullable<CallDef['upload']>): Promise<UploadedFile | null> {
  if (!req.isMultipart()) return null;
  let read: { chunks: Buffer[]; size: number; cut: boolean; name: string } | null;
  try {
    read = await readPart(req, upload);
  } catch (err) {
    req.log.info({ err: (err as Error).message }, 'incomplete upload');
    throw new HttpError(400, MSG.uploadIncomplete);
  }
  if (!read) return null;
  if (read.cut || read.size > upload.maxBytes) throw new HttpError(413, upload.tooLarge);
  // The name comes from the part's header, past the schemas that refuse NUL in every other input;
  // it is shown and stored as text, which PostgreSQL cannot hold NUL in.
  if (read.name.includes('\u0000')) throw new HttpError(400, MSG.illegalCharacter, upload.field);
  return { bytes: Buffer.concat(read.chunks, read.size), name: read.name };
}

/** The call's part read to its end: the bytes kept (at most maxBytes), how many came, whether busboy cut it. */
async function readPart(req: FastifyRequest, upload: NonNullable<CallDef['upload']>) {
  const part = await req.file({ limits: { fileSize: upload.maxBytes + 1 }, throwFileSizeLimit: false });
  if (!part || part.fieldname !== upload.field) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  // Read to the part's end even past the limit (busboy drops the rest), so that the client, still
  // sending, gets the size message rather than a reset connection.
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= upload.maxBytes) chunks.push(chunk);
  }
  return { chunks, size, cut: part.file.truncated, name: part.filename ?? '' };
}
