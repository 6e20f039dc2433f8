// `npm start`: builds the web app if it has not been built, then runs the server in this process's place.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serverNodeArgs } from './server-command.mjs';

const root = path.resolve(import.meta.dirname, '..');
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.log('Building the web app (first start only)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(process.execPath, serverNodeArgs(), {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
