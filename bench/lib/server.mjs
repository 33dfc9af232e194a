// Helpers shared by the benchmarks: a scratch PostgreSQL database and the built server on it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops and creates the scratch database the benchmark works in. */
export async function freshDatabase(name) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return databaseUrl(name);
}

export async function dropDatabase(name) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/**
 * Starts dist/main.js on the database (migrations and demo seed run at start) and waits for it;
 * `env` adds to its environment (a bench that checks tokens itself gives JWT_SECRET). Without a
 * url, and with no DATABASE_URL in the caller's environment, it runs the embedded database in env.DATA_DIR.
 */
export async function startServer(url, port, env = {}) {
  return launchServer({ ...process.env, DATABASE_URL: url, DATABASE_POOL_SIZE: '20', ...env }, port);
}

/** Starts dist/main.js on the embedded database kept in dataDir (what a clinic runs without PostgreSQL). */
export async function startEmbeddedServer(dataDir, port, extra = {}) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return launchServer({ ...env, DATA_DIR: dataDir, ...extra }, port);
}

async function launchServer(env, port) {
  const main = fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));
  // BENCH_SERVER_ARGS passes Node flags to the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, main], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The server prints this line once it listens and the demo seed is in (logins would be refused
  // before, and repeated refusals trip the sign-in rate limit).
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 120 s')), 120_000);
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Clinic Inventory is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  child.stdout.resume();
  // A server that dies under load turns every later request into a connection error: say so, and
  // let stop() return instead of waiting for an exit that already happened.
  let stopping = false;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`server exited during the benchmark (code ${code}, signal ${signal})`);
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    /** kill -9: nothing flushed, no shutdown hook (a crash, the power cord). */
    kill: async () => {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

export async function login(base, email) {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password: 'clinic-demo-2026' }) });
  const body = await res.json();
  return body.access_token;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * CPU seconds a process has used so far (user + system, from /proc; Linux only, null elsewhere).
 * Per request, it says what a server costs even when other work on the machine skews req/s.
 */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
/** Linux's USER_HZ, the unit of /proc's CPU times: 100 on every common build. */
const CLOCK_TICKS = 100;
