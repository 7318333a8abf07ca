// `npm run dev`: the API with reload on :3000 (data in ./data) and Vite with HMR on :5173.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const dataDir = resolve(process.env.DATA_DIR ?? 'data');
const children = [
  spawn('npm', ['run', 'dev', '-w', '@iddesk/server'], {
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: dataDir },
  }),
  spawn('npm', ['run', 'dev', '-w', '@iddesk/web'], { stdio: 'inherit', env: process.env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
