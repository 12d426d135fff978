/**
 * The signed payload a certificate's QR code carries, so that a reader can check it without the
 * network: base64url(JSON of the masked fields) + '.' + base64url(Ed25519 signature over that first
 * part's ASCII bytes). Signing the encoded text, not the JSON, spares both sides a canonical form.
 */
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { content as C } from '@portal/contract';

export interface CertificateSigner {
  /** The public key as raw 32 bytes in base64url (what /certificate publishes and WebCrypto imports). */
  publicKey: string;
  sign(fields: C.CertificatePayloadFields): string;
  /** The fields when the signature checks, else null. */
  verify(payload: string): C.CertificatePayloadFields | null;
}

/** `key`: an Ed25519 private key, PKCS#8 DER in base64 or PEM (CERTIFICATE_SIGNING_KEY). */
export function makeSigner(key: string): CertificateSigner {
  const privateKey = key.includes('-----BEGIN') ? createPrivateKey(key) : createPrivateKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'pkcs8' });
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('CERTIFICATE_SIGNING_KEY: not an Ed25519 private key');
  const publicKey = createPublicKey(privateKey);
  const jwk = publicKey.export({ format: 'jwk' });
  if (!jwk.x) throw new Error('CERTIFICATE_SIGNING_KEY: no public key');
  return {
    publicKey: jwk.x,
    sign(fields) {
      const body = Buffer.from(JSON.stringify(fields)).toString('base64url');
      return `${body}.${sign(null, Buffer.from(body), privateKey).toString('base64url')}`;
    },
    verify(payload) {
      const [body, signature, ...rest] = payload.split('.');
      if (!body || !signature || rest.length > 0) return null;
      // Node decodes base64url leniently (stray padding bits, junk characters): only the one canonical
      // spelling of the 64 signature bytes is accepted, so one signature has one payload text.
      const sig = Buffer.from(signature, 'base64url');
      if (sig.length !== 64 || sig.toString('base64url') !== signature) return null;
      if (!verify(null, Buffer.from(body), publicKey, sig)) return null;
      try {
        const parsed = C.certificatePayloadFields.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}
