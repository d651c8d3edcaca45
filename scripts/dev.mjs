// Development: the API with reload on change (tsx watch), the Vite dev server with hot
// module reload, which proxies /api to the API, and the website widget rebuilt on change (apps
// serve the new one at once). Open http://127.0.0.1:5173.
import { spawn } from 'node:child_process';
import { watchWidget } from '../apps/widget/bundle.mjs';

const widget = await watchWidget();

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', LOG_LEVEL: 'info', ...process.env },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', cwd: 'apps/web' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  void widget.dispose();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
