import { z } from 'zod';
import {
  AccessTokenResponseSchema,
  ErrorResponseSchema,
  LoginRequestSchema,
  MessageResponseSchema,
  PermissionsResponseSchema,
  ProfileSchema,
  PublicConfigSchema,
  RecoverPasswordRequestSchema,
  ResetPasswordRequestSchema,
  SignupRequestSchema,
  SwitchLocationRequestSchema,
} from '@clinic/domain';
import { errorResponses, type ZodApp } from '../../http/zod-app';
import { actorOf } from '../../http/route-access';
import type { AuthService } from './auth.service';

/** Where a pending organization books its onboarding meeting (BOOKING_URL) or writes (SUPPORT_EMAIL). */
export interface SupportContact {
  bookingUrl: string | null;
  email: string | null;
}

export function authRoutes(app: ZodApp, auth: AuthService, support: SupportContact = { bookingUrl: null, email: null }, idleLogoffMinutes = 30): void {
  app.post('/auth/login', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: LoginRequestSchema, response: { 200: AccessTokenResponseSchema, ...errorResponses, 429: ErrorResponseSchema } },
    handler: (request) => auth.login(request.body, request.ip),
  });

  // The same answer whether or not the e-mail or phone has an account (modules/auth/signup.ts).
  app.post('/auth/signup', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: SignupRequestSchema, response: { 201: MessageResponseSchema, ...errorResponses } },
    handler: async (request, reply) => reply.status(201).send(await auth.signup(request.body)),
  });

  app.post('/password', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: RecoverPasswordRequestSchema, response: { 202: MessageResponseSchema, ...errorResponses, 429: ErrorResponseSchema } },
    handler: async (request, reply) => reply.status(202).send(await auth.requestPasswordReset(request.body.email, request.ip)),
  });

  app.post('/password/reset', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: ResetPasswordRequestSchema, response: { 200: MessageResponseSchema, ...errorResponses } },
    handler: (request) => auth.resetPassword(request.body.token, request.body.password),
  });

  // Signing out ends the session for every server process, whatever state the organization is in.
  app.post('/auth/logout', {
    config: { access: { allowPending: true, allowUnsubscribed: true } },
    schema: { tags: ['auth'], response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await auth.logout(actorOf(request));
      return reply.status(204).send(null);
    },
  });

  app.get('/auth/profile', {
    config: { access: { allowPending: true, allowUnsubscribed: true } },
    schema: { tags: ['auth'], response: { 200: ProfileSchema, ...errorResponses } },
    handler: (request) => auth.profile(actorOf(request)),
  });

  app.get('/auth/permissions', {
    config: { access: { allowPending: true, allowUnsubscribed: true } },
    schema: { tags: ['auth'], response: { 200: PermissionsResponseSchema, ...errorResponses } },
    handler: (request) => auth.permissions(actorOf(request)),
  });

  app.post('/auth/switch-locations', {
    config: { access: { allowUnsubscribed: true } },
    schema: { tags: ['auth'], body: SwitchLocationRequestSchema, response: { 200: AccessTokenResponseSchema, ...errorResponses } },
    handler: (request) => auth.switchLocation(actorOf(request), request.body.company_id),
  });

  // Public: the web app reads it before and during approval, and it names nothing of any tenant.
  app.get('/config', {
    config: { access: 'public' },
    schema: { tags: ['auth'], response: { 200: PublicConfigSchema } },
    handler: () => ({ booking_url: support.bookingUrl, support_email: support.email, idle_logoff_minutes: idleLogoffMinutes }),
  });

  app.get('/health', {
    config: { access: 'public' },
    schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    handler: () => ({ status: 'ok' as const }),
  });
}
