import type { Action, Feature } from '@clinic/domain';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../core/actor';
import { AppError } from '../core/errors';

/**
 * How a route is protected, declared next to the route:
 * - 'public': no token needed (login, sign-up, recovery, health);
 * - otherwise a valid token is required, and optionally a feature permission, the product admin
 *   role, permission to run while the organization still awaits approval, or without an active
 *   subscription (what the sign-in, the profile and the subscription dialog need).
 * Tenant checks on the records themselves happen in the services through core/access.ts.
 */
export type RouteAccess =
  | 'public'
  | {
      permission?: readonly [Feature, Action];
      adminOnly?: boolean;
      allowPending?: boolean;
      allowUnsubscribed?: boolean;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHORIZED', 'Sign in first');
  return request.actor;
}
