/**
 * The nginx example (deploy/nginx/portal.conf) run for real, with only its upstream servers
 * and listen address replaced: used by the nginx test and by the exam bench's run behind the proxy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const NGINX = '/usr/sbin/nginx';
export const NGINX_CONF = path.resolve(import.meta.dirname, '../../../../deploy/nginx/portal.conf');
export const nginxExample = () => readFileSync(NGINX_CONF, 'utf8');

/** The example with its upstream servers and listen address replaced (everything else as shipped). */
export function renderExample(text: string, listen: number, instances: number[]): string {
  const upstream = /^(\s*)server 127\.0\.0\.1:\d+ (.*);$/m;
  const first = upstream.exec(text);
  if (!first) throw new Error('no upstream server line');
  const lines = instances.map((p) => `${first[1]}server 127.0.0.1:${p} ${first[2]};`).join('\n');
  return text
    .replace(/^\s*server 127\.0\.0\.1:\d+ .*;\n/gm, '')
    .replace(/^(\s*)least_conn;$/m, (m) => `${m}\n${lines}`)
    .replace(/^(\s*)listen 80( backlog=\d+)?;$/m, `$1listen 127.0.0.1:${listen}$2;`);
}

/**
 * Starts nginx on the example in front of `instances`, listening on `listen`; answers once /healthz
 * passes through it. `workerConnections`: nginx's per-worker limit (each client holds one connection
 * in and one out).
 */
export async function startNginx(listen: number, instances: number[], opts: { workerConnections?: number; workers?: number | 'auto' } = {}): Promise<{ url: string; stop: () => Promise<void> }> {
  const prefix = mkdtempSync(path.join(tmpdir(), 'portal-nginx-'));
  mkdirSync(path.join(prefix, 'logs'));
  writeFileSync(path.join(prefix, 'portal.conf'), renderExample(nginxExample(), listen, instances));
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `daemon off;
worker_processes ${opts.workers ?? 1};
worker_rlimit_nofile ${Math.max(1024, (opts.workerConnections ?? 256) * 2 + 64)};
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections ${opts.workerConnections ?? 256}; }
http {
  access_log ${prefix}/logs/access.log;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${prefix}/portal.conf;
}
`,
  );
  const nginx: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${listen}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      if (nginx.exitCode === null) {
        nginx.kill('SIGTERM');
        await new Promise((r) => nginx.once('exit', r));
      }
    },
  };
}
