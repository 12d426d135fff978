/**
 * The college's public key for the QR signature check: asked of the server (findCertificateKey) and
 * kept on this device, so a page that cannot reach the server (the network cut, a page restored
 * from the browser's cache) still checks signatures with the key it was last given.
 */
import { useEffect } from 'react';
import { content } from '@portal/contract';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { CERTIFICATE_KEY_KEY } from '../../lib/storage.ts';

function stored(): string | undefined {
  try {
    return localStorage.getItem(CERTIFICATE_KEY_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The key to check with (undefined while neither the server nor this device has given one), and whether the server is still being asked. */
export function useCertificateKey(): { publicKey: string | undefined; waiting: boolean } {
  const key = useCallQuery(content.findCertificateKey, {}, { staleTime: Infinity });
  const fetched = key.data?.publicKey;
  useEffect(() => {
    if (!fetched) return;
    try {
      localStorage.setItem(CERTIFICATE_KEY_KEY, fetched);
    } catch {
      // Without storage the key lasts as long as the page.
    }
  }, [fetched]);
  // Offline the query is paused rather than failed: the device's copy serves both cases.
  const publicKey = fetched ?? (key.isPending && key.fetchStatus !== 'paused' ? undefined : stored());
  return { publicKey, waiting: publicKey === undefined && key.fetchStatus === 'fetching' };
}
