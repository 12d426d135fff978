/** The product's version as the operations page shows it: the server package's version and, when known, the commit. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

function commit(): string {
  if (process.env.PORTAL_COMMIT) return process.env.PORTAL_COMMIT.slice(0, 12);
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: import.meta.dirname, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return '';
  }
}

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
const sha = commit();
export const PRODUCT_VERSION = sha ? `${pkg.version} (${sha})` : pkg.version;
