import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A server process started from source, and all it has printed so far. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:port/api */
  base: string;
  output: string;
}

/** A port nobody listens on now: the operating system's pick, released for the server to take. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The real entry point from source, as `npm run dev` runs it, with the first start's demo seeding
 * on; `env` adds to a bare environment (DATA_DIR, DATABASE_URL…), so the caller's settings do not leak in.
 */
export function spawnServer(port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), JWT_SECRET: 'server-process-test-secret-0123456789abcdef', SEED_DEMO: 'true', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: ServerProcess = { child, port, base: `http://127.0.0.1:${String(port)}/api`, output: '' };
  child.stdout!.on('data', (chunk: Buffer) => (server.output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (server.output += chunk.toString()));
  return server;
}

/** Until the process says it is running (after its seed) and its health check answers OK; fails, with its output, if it exits first or the deadline passes. */
export async function untilUp(server: ServerProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server on :${String(server.port)} exited with ${String(server.child.exitCode)}:\n${server.output}`);
    if (server.output.includes('Clinic Inventory is running') && (await fetch(`${server.base}/health`).catch(() => null))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server on :${String(server.port)} did not come up:\n${server.output}`);
}

/** A free port, the server on it, and the wait until it is up. */
export async function startServer(env: Record<string, string>, timeoutMs: number): Promise<ServerProcess> {
  const server = spawnServer(await freePort(), env);
  await untilUp(server, Date.now() + timeoutMs);
  return server;
}

/** SIGTERM, as a process manager stops it; SIGKILL if it has not exited 10 s later. */
export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The power cord: SIGKILL, nothing flushed, no shutdown hook. */
export async function killServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

/** One API call to a server process: its status and its JSON body (null when empty). `path` is after /api/. */
export async function call<T>(server: ServerProcess, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.base}/${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** The demo accounts' password (seed/demo-accounts.ts). */
export const DEMO_PASSWORD = 'clinic-demo-2026';

/** A demo account's token from a server process; fails unless the sign-in answers 200. */
export async function signIn(server: ServerProcess, email: string): Promise<string> {
  const res = await call<{ access_token?: string }>(server, 'POST', 'auth/login', undefined, { username: email, password: DEMO_PASSWORD });
  if (res.status !== 200 || !res.body.access_token) throw new Error(`sign-in of ${email} answered ${String(res.status)}: ${JSON.stringify(res.body)}`);
  return res.body.access_token;
}
