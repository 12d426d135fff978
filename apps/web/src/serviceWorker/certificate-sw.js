/**
 * The certificate check's service worker, registered by /certificate with scope /certificate only: it
 * sees nothing of the rest of the portal. Installed, it keeps the check page and every file the page
 * can load (listed at build time by vite.config.ts, certificateOffline), so a QR address opened later on
 * this device with the network cut still opens and checks the signature (the college's key is kept on
 * the device, features/certificate/publicKey.ts). Network first, always: online the page is the current
 * release; the copy serves only when the network fails. API calls pass through untouched. A new release
 * is a new worker (its version changes) that keeps its own files and drops the previous ones.
 */
const BUILD = { version: 'dev', files: [] };
const PREFIX = 'portal-certificate-';
const CACHE = PREFIX + BUILD.version;
const PAGE = '/certificate';
const API = ['/v1/', '/video_learning/', '/dev/', '/uploads/', '/media/', '/openapi.json', '/healthz', '/readyz', '/metrics'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([PAGE, ...BUILD.files]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || API.some((p) => url.pathname.startsWith(p))) return;
  const navigation = request.mode === 'navigate';
  event.respondWith(
    (async () => {
      try {
        const response = await fetch(request);
        // Every address of the page (?no=…, ?p=…) is the same page: the newest copy replaces the kept one.
        if (navigation && response.ok) event.waitUntil(caches.open(CACHE).then((cache) => cache.put(PAGE, response.clone())));
        return response;
      } catch (err) {
        const copy = await caches.match(navigation ? PAGE : request, { cacheName: CACHE, ignoreVary: true });
        if (copy) return copy;
        throw err;
      }
    })(),
  );
});
