import {
  AUTH_MESSAGES,
  effectivePermissions,
  type LoginRequest,
  type PermissionsResponse,
  type Profile,
  type TokenClaims,
} from '@clinic/domain';
import { countEvent } from '../../core/metrics';
import type { ServiceDeps } from '../../services';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { AppError, forbidden, notFound } from '../../core/errors';
import { recordAudit } from '../audit/audit.writes';
import { findCompanyById } from '../companies/companies.reads';
import { findUserByEmail, findUserById, preparedFindUserById, type UserRecord } from '../users/users.reads';
import { updateUser } from '../users/users.writes';
import { toProfileResponse } from '../users/users.mapper';
import { enqueueEmail } from '../mail/mail.writes';
import { emailTemplates } from '../mail/templates';
import { clearAttempts, countAttempt, LIMITS, uncountAttempt } from './login-throttle.repo';
import { hashPassword, verifyPassword } from './passwords';
import { consumePasswordReset, insertPasswordReset, revokeOpenResets } from './password-resets.repo';
import { createLinkToken, hashLinkToken, type SessionClaims } from './tokens';
import { isSessionRevoked, revokeSession } from './sessions.repo';
import { createSignup } from './signup';

const RESET_LINK_HOURS = 1;
export const INVITATION_LINK_HOURS = 24 * 7;

export function createAuthService(deps: ServiceDeps) {
  const { db, tokens, now } = deps;
  const findActorUser = preparedFindUserById(db);
  const signup = createSignup(deps);

  function claimsFor(user: UserRecord, companyId: string | null): TokenClaims {
    return { sub: user.id, role: user.role, organization_id: user.organizationId, company_id: companyId };
  }

  /** Why an account may not be used right now, or null when it may. */
  function refusal(user: UserRecord): string | null {
    if (user.deletedAt) return AUTH_MESSAGES.invalidCredentials;
    if (user.status === 'disabled') return AUTH_MESSAGES.accountDisabled;
    if (user.approvalStatus === 'rejected' || user.organization?.approvalStatus === 'rejected') return AUTH_MESSAGES.accountRejected;
    return null;
  }

  /** Sends a single-use link to choose a password; older open links of the user stop working. */
  async function sendPasswordLink(tx: DbOrTx, user: UserRecord, kind: 'reset' | 'invitation') {
    const { token, hash } = createLinkToken();
    const hours = kind === 'reset' ? RESET_LINK_HOURS : INVITATION_LINK_HOURS;
    await revokeOpenResets(tx, user.id, now());
    await insertPasswordReset(tx, user.id, hash, new Date(now().getTime() + hours * 3_600_000));
    const link = `${deps.publicUrl}/reset-password?token=${token}`;
    const email =
      kind === 'reset'
        ? emailTemplates.passwordReset(user.email, link)
        : emailTemplates.invitation(user.email, user.firstName, user.organization?.name ?? 'your clinic', link);
    await enqueueEmail(tx, deps.jobs, email);
  }

  return {
    sendPasswordLink,

    /**
     * Every attempt is counted before the password is checked (per account and address, per
     * account, per address), so parallel guesses cannot slip past the limit; a success clears
     * the account's counts and gives its attempt back to the address.
     */
    async login(body: LoginRequest, ip: string): Promise<{ access_token: string }> {
      const account = body.username.trim().toLowerCase();
      const keys = { pair: `signin:${account}|${ip}`, account: `signin:${account}`, address: `signin-ip:${ip}` };
      const at = now();
      const counts = [
        (await countAttempt(db, keys.pair, at)) > LIMITS.signInAccountAddress,
        (await countAttempt(db, keys.account, at)) > LIMITS.signInAccount,
        (await countAttempt(db, keys.address, at)) > LIMITS.signInAddress,
      ];
      if (counts.some(Boolean)) {
        countEvent('sign_in_failures_total', { reason: 'throttled' });
        throw new AppError('TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyAttempts);
      }
      const user = await findUserByEmail(db, body.username);
      const passwordOk = await verifyPassword(body.password, user?.passwordHash ?? null);
      if (!user || !passwordOk) {
        countEvent('sign_in_failures_total', { reason: 'invalid_credentials' });
        throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials);
      }
      const refused = refusal(user);
      if (refused) {
        countEvent('sign_in_failures_total', { reason: 'refused' });
        throw forbidden(refused);
      }
      await clearAttempts(db, keys.pair);
      await clearAttempts(db, keys.account);
      await uncountAttempt(db, keys.address);
      // A sign-in that succeeds is audited; refused ones only count towards the throttle.
      await recordAudit(db, { userId: user.id }, { entity: 'user', entityId: user.id, action: 'login', organizationId: user.organizationId, companyId: user.companyId });
      return { access_token: tokens.sign(claimsFor(user, user.companyId)) };
    },

    signup,

    /**
     * Always answers the same way, so the form cannot be used to find out who has an account.
     * A client asking too often is told to wait; a recipient gets at most a few links per window
     * however many are asked for (the answer does not say so).
     */
    async requestPasswordReset(email: string, ip: string): Promise<{ message: string }> {
      const at = now();
      if ((await countAttempt(db, `reset-ip:${ip}`, at)) > LIMITS.resetAddress) throw new AppError('TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyResetRequests);
      const recipientCount = await countAttempt(db, `reset:${email.trim().toLowerCase()}`, at);
      if (recipientCount > LIMITS.resetRecipient) return { message: AUTH_MESSAGES.resetEmailSent };
      await db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email);
        if (user && refusal(user) === null) await sendPasswordLink(tx, user, 'reset');
      });
      return { message: AUTH_MESSAGES.resetEmailSent };
    },

    async resetPassword(token: string, password: string): Promise<{ message: string }> {
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const userId = await consumePasswordReset(tx, hashLinkToken(token), now());
        if (!userId) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.resetLinkInvalid, { field: 'token' });
        // Token times are the real clock's (JWT), so the cut-off is too.
        await updateUser(tx, userId, { passwordHash, sessionsValidFrom: new Date() });
        const user = await findUserById(tx, userId);
        await recordAudit(tx, { userId }, { entity: 'user', entityId: userId, action: 'password_reset', organizationId: user?.organizationId ?? null, companyId: user?.companyId ?? null });
      });
      return { message: AUTH_MESSAGES.passwordChanged };
    },

    /**
     * Rebuilds the caller from the database so that disabling, deleting, rejecting, a role change
     * or a reassigned location takes effect on the very next request.
     */
    async loadActor(claims: SessionClaims): Promise<Actor | null> {
      const [user, revoked] = await Promise.all([findActorUser(claims.sub), isSessionRevoked(db, claims.sid)]);
      if (!user || refusal(user) !== null || revoked) return null;
      // A password reset or change ends every session issued before it.
      if (user.sessionsValidFrom && claims.issued_at < user.sessionsValidFrom.getTime()) return null;
      let companyId = user.companyId;
      if (user.role === 'organization_admin' && claims.company_id && claims.company_id !== user.companyId) {
        const switched = await findCompanyById(db, claims.company_id);
        if (switched && switched.organizationId === user.organizationId) companyId = switched.id;
      }
      return {
        userId: user.id,
        role: user.role,
        organizationId: user.organizationId,
        companyId,
        organizationApproval: user.organization?.approvalStatus ?? null,
        permissions: effectivePermissions(user.role, user.permissions),
        subscriptionActiveUntil: user.organization?.subscriptionActiveUntil ?? null,
        session: { id: claims.sid, expiresAt: new Date(claims.exp * 1000) },
      };
    },

    /** Signs this session out for every server process; the token is refused from now on. */
    async logout(actor: Actor): Promise<void> {
      if (!actor.session) return;
      await revokeSession(db, { sessionId: actor.session.id, userId: actor.userId, expiresAt: actor.session.expiresAt }, new Date());
      await recordAudit(db, actor, { entity: 'user', entityId: actor.userId, action: 'logout', organizationId: actor.organizationId, companyId: actor.companyId });
    },

    async profile(actor: Actor): Promise<Profile> {
      const user = await findUserById(db, actor.userId);
      if (!user) throw notFound();
      // The location worked in (an organization admin can switch), with its time zone for the screens' dates.
      const current = actor.companyId ? await findCompanyById(db, actor.companyId) : null;
      return toProfileResponse(user, current);
    },

    permissions(actor: Actor): PermissionsResponse {
      return { role: actor.role, permissions: actor.permissions };
    },

    /** Organization admins work in any location of their organization, one at a time. */
    async switchLocation(actor: Actor, companyId: string): Promise<{ access_token: string }> {
      if (actor.role !== 'organization_admin') throw forbidden();
      const company = await findCompanyById(db, companyId);
      if (!company || company.organizationId !== actor.organizationId) throw notFound(AUTH_MESSAGES.locationForeign);
      const user = await findUserById(db, actor.userId);
      if (!user) throw notFound();
      await recordAudit(db, actor, { entity: 'user', entityId: actor.userId, action: 'switch_location', organizationId: actor.organizationId, companyId });
      return { access_token: tokens.sign(claimsFor(user, company.id)) };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
