/** `npm run dev`: the API in development mode and Vite's dev server, stopped together. */
import { spawn } from 'node:child_process';

const api = spawn(process.execPath, ['--watch', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'development', STATIC_DIR: '' },
});
const web = spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' });
const stop = () => {
  api.kill('SIGTERM');
  web.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', stop);
web.on('exit', stop);
