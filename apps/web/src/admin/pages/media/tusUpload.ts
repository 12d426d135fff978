/**
 * A small tus 1.0 client (docs/decisions/0038-media-uploads.md): creation, HEAD, PATCH in chunks.
 * The upload's address is kept in localStorage under the file's fingerprint (kind, name, size, last
 * change), so choosing the same file again — after a cut connection, a closed tab or a reload —
 * continues at the offset the server holds. A cut connection is retried with growing pauses, each retry
 * asking the server first where the upload stands.
 */
import { adminMedia as M } from '@portal/contract/refs';
import { adminSession, adminSessionExpired } from '../../../lib/adminSession.ts';

/** A chunk per PATCH: small enough that a cut costs little, large enough that requests are few. */
export const CHUNK_BYTES = 8 * 1024 * 1024;
const RETRY_MS = [1000, 2000, 4000, 8000, 15000, 30000];
const STORE = 'portal-tus:';

export class UploadError extends Error {}

export interface UploadEvents {
  onProgress(sent: number, total: number): void;
  /** The connection is down: the upload waits `ms` and tries again. */
  onRetry(ms: number): void;
}

const fingerprint = (file: File, kind: string) => `${STORE}${kind}:${file.name}:${file.size}:${file.lastModified}`;
const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));

interface Reply {
  status: number;
  header(name: string): string | null;
  message: string;
}

/** One tus request; status 0 when the network failed. XMLHttpRequest for the upload progress of a PATCH. */
function tusRequest(method: string, url: string, headers: Record<string, string>, body: Blob | null, signal: AbortSignal, onSent?: (n: number) => void): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    const token = adminSession.get()?.token;
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.setRequestHeader('Tus-Resumable', '1.0.0');
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    if (onSent) xhr.upload.onprogress = (e) => onSent(e.loaded);
    const abort = () => xhr.abort();
    signal.addEventListener('abort', abort, { once: true });
    xhr.onloadend = () => {
      signal.removeEventListener('abort', abort);
      if (signal.aborted) return reject(new DOMException('aborted', 'AbortError'));
      let message = '';
      try {
        message = (JSON.parse(xhr.responseText) as { message?: string }).message ?? '';
      } catch {
        // HEAD and PATCH answer without a body.
      }
      adminSession.touched();
      resolve({ status: xhr.status, header: (n) => xhr.getResponseHeader(n), message });
    };
    xhr.send(body);
  });
}

/** Uploads `file` as a media asset of `kind`, resuming an earlier upload of the same file. */
export async function tusUpload(file: File, kind: 'video' | 'pdf', events: UploadEvents, signal: AbortSignal): Promise<void> {
  const key = fingerprint(file, kind);
  const refused = (r: Reply): never => {
    if (r.status === 401) adminSessionExpired();
    throw new UploadError(r.message || `上传失败（${r.status}）`);
  };

  let failures = 0;
  /** A request the network failed (status 0), a server busy (5xx) or an upload still being written (423): wait and go on. */
  const transient = async (r: Reply) => {
    if (r.status !== 0 && r.status !== 423 && r.status < 500) return false;
    if (r.status === 503 && r.message) return false;
    const ms = RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]!;
    events.onRetry(ms);
    await new Promise((res) => setTimeout(res, ms));
    if (signal.aborted) throw new DOMException('aborted', 'AbortError');
    return true;
  };

  let location = localStorage.getItem(key);
  let offset = 0;
  for (;;) {
    if (location) {
      const r = await tusRequest('HEAD', location, {}, null, signal);
      if (await transient(r)) continue;
      if (r.status === 200) {
        offset = Number(r.header('Upload-Offset'));
      } else {
        // Gone (finished, refused, another administrator's): this file starts again.
        localStorage.removeItem(key);
        location = null;
      }
    }
    if (!location) {
      const r = await tusRequest('POST', M.MEDIA_TUS_PATH, { 'Upload-Length': String(file.size), 'Upload-Metadata': `filename ${b64(file.name)},kind ${b64(kind)}` }, null, signal);
      if (await transient(r)) continue;
      if (r.status !== 201) refused(r);
      location = r.header('Location')!;
      localStorage.setItem(key, location);
      offset = 0;
    }
    events.onProgress(offset, file.size);
    while (offset < file.size) {
      const chunk = file.slice(offset, Math.min(file.size, offset + CHUNK_BYTES));
      const from = offset;
      const r = await tusRequest('PATCH', location, { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset) }, chunk, signal, (n) => events.onProgress(from + n, file.size));
      if (r.status === 204) {
        offset = Number(r.header('Upload-Offset'));
        failures = 0;
        events.onProgress(offset, file.size);
        continue;
      }
      // Not where the server is (or already complete): HEAD says where.
      if (r.status === 409) break;
      if (await transient(r)) break;
      // Refused (content, rights, done): this address is spent.
      localStorage.removeItem(key);
      refused(r);
    }
    if (offset >= file.size) {
      localStorage.removeItem(key);
      return;
    }
    // Cut off mid-chunk: the server says where it stands (HEAD) and the upload goes on from there.
  }
}
