/**
 * The one way a mobile number is shown to someone who need not call it (lists, statistics, the
 * number a code went to): 138****0001, enough to tell numbers apart, not enough to call. The server's
 * answers and the web's pages use this same function, so a number never shows two ways.
 */
export function maskMobile(mobile: string | null | undefined): string {
  if (!mobile) return '';
  // Fewer than 7 characters cannot keep 3 in front and 4 behind without showing nearly all of them.
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}
