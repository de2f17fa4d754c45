import { type ChildProcess, spawn } from 'node:child_process';
import { access, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from './processes.ts';

/** Debian's `nginx-light` (apt-get install nginx-light): the binary the issue names. */
export const NGINX_PATH = process.env.BENCH_NGINX ?? '/usr/sbin/nginx';

export interface Nginx {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * nginx serving `root` as static files with `sendfile on` (the kernel copies file to socket), one process
 * (`master_process off`, so its CPU time is that pid's), in the foreground, logs in `dir`. Undefined if nginx is
 * not installed.
 */
export async function startNginx(dir: string, root: string): Promise<Nginx | undefined> {
  if (
    !(await access(NGINX_PATH).then(
      () => true,
      () => false,
    ))
  )
    return undefined;
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  await writeFile(
    conf,
    `daemon off;
master_process off;
worker_processes 1;
${process.getuid?.() === 0 ? 'user root;' : ''}
error_log ${path.join(dir, 'nginx-error.log')} warn;
pid ${path.join(dir, 'nginx.pid')};
events { worker_connections 64; }
http {
  sendfile on;
  tcp_nopush on;
  access_log off;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  default_type application/octet-stream;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { }
  }
}
`,
  );
  const proc: ChildProcess = spawn(NGINX_PATH, ['-p', dir, '-c', conf], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`${url}/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (proc.exitCode !== null)
      throw new Error(`nginx exited (${proc.exitCode}); see ${dir}/nginx-error.log`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: proc.pid!,
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGQUIT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (proc.exitCode === null) proc.kill('SIGKILL');
    },
  };
}
