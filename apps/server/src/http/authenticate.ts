import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, can, SUBSCRIPTION_MESSAGES } from '@clinic/domain';
import { AppError, forbidden } from '../core/errors';
import type { Actor } from '../core/actor';
import './route-access';

/**
 * The single gate every API route passes: token -> fresh actor from the database -> organization
 * approval -> active subscription -> declared permission. Routes without an `access` declaration
 * require a signed-in user of an approved, subscribed organization. The product admin is exempt
 * from approval and subscription.
 */
/** Who a bearer token belongs to, as of now; null when the token or its user is no longer valid. */
export type ActorLoader = (token: string) => Promise<Actor | null>;

export function registerAuthentication(app: FastifyInstance, loadActor: ActorLoader, now: () => Date): void {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    // routeOptions builds a new object on every read: read it once.
    const { config, url } = request.routeOptions;
    const access = config?.access;
    if (access === 'public' || !url) return;

    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const actor = token ? await loadActor(token) : null;
    if (!actor) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.sessionExpired);
    request.actor = actor;

    if (actor.role !== 'admin' && actor.organizationApproval !== 'approved' && !access?.allowPending) {
      throw forbidden(AUTH_MESSAGES.organizationPending);
    }
    if (needsSubscription(actor, now()) && !access?.allowUnsubscribed) {
      throw new AppError('SUBSCRIPTION_REQUIRED', SUBSCRIPTION_MESSAGES.required);
    }
    if (access?.adminOnly && actor.role !== 'admin') throw forbidden();
    if (access?.permission && !can(actor.permissions, access.permission[0], access.permission[1])) throw forbidden();
  });
}

/** A user of an approved organization whose subscription does not let them in right now. */
export function needsSubscription(actor: Actor, at: Date): boolean {
  if (actor.role === 'admin' || actor.organizationId === null || actor.organizationApproval !== 'approved') return false;
  return actor.subscriptionActiveUntil === null || actor.subscriptionActiveUntil.getTime() <= at.getTime();
}
