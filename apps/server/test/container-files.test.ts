import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { EnvSchema, loadConfig } from '../src/config/env';

/**
 * Issue 38: this machine cannot pull images, so the Dockerfile and compose.yaml cannot be run here.
 * They are kept on the path CI tests instead: the image builds with the steps CI runs (`npm ci`,
 * `npm run build`) and starts what `npm start` starts, and every setting compose gives the app is
 * one the server reads and accepts. A change that breaks that fails here, not in a clinic's deploy.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (file: string) => readFileSync(`${root}${file}`, 'utf8');

it('the image builds and starts as CI and npm start do, as a non-root user on Node 22, ready by /api/ready', () => {
  const dockerfile = read('Dockerfile');
  const runs = [...dockerfile.matchAll(/^RUN (.+)$/gm)].map((m) => m[1]!);
  expect(runs).toContain('npm ci --no-audit --no-fund');
  expect(runs.some((r) => r.startsWith('npm run build'))).toBe(true);
  const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start!;
  // npm start = build, then this command; the image runs the same command.
  const command = start.split('&&').at(-1)!.trim().split(' ');
  expect(dockerfile).toContain(`CMD ${JSON.stringify(command)}`);
  expect([...dockerfile.matchAll(/^FROM (node:\S+)/gm)].map((m) => m[1])).toEqual(['node:22-bookworm-slim', 'node:22-bookworm-slim']);
  expect(dockerfile).toMatch(/^USER node$/m);
  expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/api\/ready/);
});

it("compose gives the app only settings the server reads, and a configuration it accepts", () => {
  const compose = parse(read('compose.yaml')) as { services: Record<string, { environment?: Record<string, string>; build?: string }> };
  const apps = Object.entries(compose.services).filter(([, service]) => service.build === '.');
  expect(apps.map(([name]) => name)).toEqual(['app-1', 'app-2']);
  const known = new Set(Object.keys(EnvSchema.shape));
  for (const [, service] of apps) {
    const env = service.environment ?? {};
    expect(Object.keys(env).filter((key) => !known.has(key))).toEqual([]);
    const config = loadConfig(env);
    expect(config.databaseUrl).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(config.s3?.bucket).toBe('clinic-uploads');
    expect(config.metricsToken).toBeDefined();
  }
  const nginx = read('deploy/nginx.conf');
  for (const [name] of apps) expect(nginx).toContain(`server ${name}:3000`);
});
