// `npm run dev`: the API under tsx watch on :3000 and the Vite dev server on :5173 (proxying /api).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@clinic/server'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development', DATA_DIR: process.env.DATA_DIR ?? './data' } }),
  spawn('npm', ['run', 'dev', '-w', '@clinic/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
}));
