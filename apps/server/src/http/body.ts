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
 */
export async function readUpload(req: FastifyRequest, upload: NonNullable<CallDef['upload']>): Promise<UploadedFile | null> {
  if (!req.isMultipart()) return null;
  try {
    const part = await req.file({ limits: { fileSize: upload.maxBytes } });
    if (!part || part.fieldname !== upload.field) return null;
    return { bytes: await part.toBuffer(), name: part.filename ?? '' };
  } catch (err) {
    if (err instanceof req.server.multipartErrors.RequestFileTooLargeError) throw new HttpError(413, upload.tooLarge);
    req.log.info({ err: (err as Error).message }, 'incomplete upload');
    throw new HttpError(400, MSG.uploadIncomplete);
  }
}
