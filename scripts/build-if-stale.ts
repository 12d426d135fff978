/**
 * `npm start` builds the web app only when apps/web/dist is missing or older than a source file,
 * so a start on an existing checkout serves within seconds.
 */
import { execSync } from 'node:child_process';
import { readdirSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'apps/web/dist/index.html');
const builtSsr = path.join(root, 'apps/web/dist-ssr/entry-server.js');

function newest(dir: string): number {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-ssr' || entry.name === 'e2e') continue;
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = Math.max(newest(path.join(root, 'apps/web')), newest(path.join(root, 'packages/contract/src')));
if (!existsSync(built) || !existsSync(builtSsr) || statSync(built).mtimeMs < sources) {
  console.log('Building the web app (apps/web/dist or dist-ssr is missing or older than its sources)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
