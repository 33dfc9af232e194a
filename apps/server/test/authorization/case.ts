import type { TestApp } from '../setup/test-app';
import type { World } from '../world';
import type { Role } from '@clinic/domain';

/** One row of the authorization matrix: how to call a route, and what each caller gets. */
export type Caller = Role | 'anonymous';
export type Tenant = 'own' | 'foreign';
export interface MatrixRequest {
  url: string;
  payload?: unknown;
  /** For a body that is not JSON (a multipart upload). */
  headers?: Record<string, string>;
}
export interface Case {
  /** Builds the request for a caller against a target in their own or a foreign organization. */
  build(world: World, t: TestApp, caller: Caller, tenant: Tenant): Promise<MatrixRequest> | MatrixRequest;
  /** Expected status per caller: [own, foreign]. */
  expect: Record<Caller, readonly [number, number]>;
}

export const ALL = (own: number, foreign: number = own) => [own, foreign] as const;
export const tenantOf = (world: World, tenant: Tenant) => (tenant === 'own' ? world.own : world.foreign);
/** The location a caller works in for a tenant (the admin has none: shared records). */
export const locationOf = (world: World, tenant: Tenant) => tenantOf(world, tenant).org.locations[0]!.id;
