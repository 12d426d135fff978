/**
 * The few plain lines `npm start` prints once the server listens, so whoever started it sees where the
 * portal and /admin are without reading JSON request logs. Kept apart from main.ts so a test can read them.
 */

export interface BannerInput {
  /** The address the server listens on (HOST): 0.0.0.0 or :: means every interface. */
  host: string;
  /** The port it actually listens on (PORT 0 picks a free one). */
  port: number;
  /** Whether the demo dataset is in this database, so its accounts can log in. */
  demo: boolean;
}

export function startBanner({ host, port, demo }: BannerInput): string {
  // A wildcard address is not one a browser can open; the same machine reaches it as localhost.
  const wildcard = host === '0.0.0.0' || host === '::' || host === '';
  const name = wildcard ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const base = `http://${name}:${port}`;
  const lines = [
    '',
    `  干部网络学院 is ready`,
    `  portal:          ${base}/`,
    `  administration:  ${base}/admin`,
  ];
  if (demo) lines.push('  demo accounts:   README.md, "Demo accounts" (docs/demo-data.md has the rest of the demo data)');
  lines.push('');
  return lines.join('\n');
}
