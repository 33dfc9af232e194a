import {
  AUTH_MESSAGES,
  pageWindow,
  toPage,
  MANAGEABLE_ROLES,
  MESSAGES,
  SELF_EDITABLE_USER_FIELDS,
  type CreateUserRequest,
  type OutboxEmail,
  type Page,
  type UpdateUserRequest,
  type User,
  type UserListQuery,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { assertCompany, assertUser, requirePermission, tenantFilter } from '../../core/access';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../core/errors';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit } from '../audit/audit.writes';
import { findCompanyById } from '../companies/companies.reads';
import { listOutbox } from '../mail/mail.reads';
import { findUserById, insertUser, isEmailOrPhoneTaken, listUsers, updateUser, type UserPatch, type UserRecord } from './users.repo';
import { toUserResponse } from './users.mapper';

/**
 * The e-mailed link to choose a password, which auth issues and redeems. Auth depends on users
 * (it signs users in), so users does not import it: app.ts hands the auth service in.
 */
export interface PasswordLinks {
  sendPasswordLink(tx: DbOrTx, user: UserRecord, kind: 'reset' | 'invitation'): Promise<void>;
}

export function createUsersService(deps: ServiceDeps, auth: PasswordLinks) {
  const { db } = deps;

  /** A visible user the actor may manage: admins anyone, others only roles below or equal to what they can grant. */
  async function managedUser(actor: Actor, id: string): Promise<UserRecord> {
    const target = await findUserById(db, id);
    if (!target) throw notFound();
    assertUser(actor, target);
    if (actor.role !== 'admin' && target.id !== actor.userId && !MANAGEABLE_ROLES[actor.role].includes(target.role)) throw forbidden();
    return target;
  }

  async function reload(id: string): Promise<User> {
    const record = await findUserById(db, id, { includeDeleted: true });
    if (!record) throw notFound();
    return toUserResponse(record);
  }

  function withConflicts<T>(work: () => Promise<T>): Promise<T> {
    return work().catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(MESSAGES.userExists);
      throw error;
    });
  }

  return {
    async list(actor: Actor, query: UserListQuery): Promise<Page<User>> {
      const { records, total } = await listUsers(
        db,
        {
          ...tenantFilter(actor),
          search: query.search,
          approvalStatus: query.approval_status,
          deleted: query.deleted,
          filterCompanyId: query.company_id,
          filterOrganizationId: query.organization_id,
        },
        pageWindow(query),
      );
      return toPage(records.map(toUserResponse), total, query);
    },

    /** New users are approved members of an existing location; they choose a password from the e-mailed link. */
    async create(actor: Actor, body: CreateUserRequest): Promise<User> {
      const company = await findCompanyById(db, body.company_id);
      if (!company) throw notFound(AUTH_MESSAGES.locationForeign);
      assertCompany(actor, company);
      if (!MANAGEABLE_ROLES[actor.role].includes(body.role)) throw forbidden();
      const id = await withConflicts(() =>
        db.transaction(async (tx) => {
          if (await isEmailOrPhoneTaken(tx, body.email, body.phone)) throw conflict(MESSAGES.userExists);
          const userId = await insertUser(tx, {
            organizationId: company.organizationId,
            companyId: company.id,
            firstName: body.first_name,
            lastName: body.last_name,
            email: body.email,
            phone: body.phone,
            passwordHash: null,
            role: body.role,
          });
          const created = (await findUserById(tx, userId))!;
          await auth.sendPasswordLink(tx, created, 'invitation');
          await recordAudit(tx, actor, {
            entity: 'user',
            entityId: userId,
            action: 'create',
            organizationId: company.organizationId,
            companyId: company.id,
            changes: { role: body.role, email: body.email },
          });
          return userId;
        }),
      );
      return reload(id);
    },

    async update(actor: Actor, id: string, body: UpdateUserRequest): Promise<User> {
      const target = await managedUser(actor, id);
      const isSelf = target.id === actor.userId;
      const fields = Object.keys(body);
      const selfOnly = fields.every((f) => (SELF_EDITABLE_USER_FIELDS as readonly string[]).includes(f));
      if (!(isSelf && selfOnly)) requirePermission(actor, 'users', 'update');
      if (isSelf && (body.role || body.status || body.approval_status || body.permissions !== undefined)) {
        throw badRequest(fields.find((f) => !(SELF_EDITABLE_USER_FIELDS as readonly string[]).includes(f)) ?? 'role', 'You cannot change your own role, status or permissions');
      }
      if (body.role && !MANAGEABLE_ROLES[actor.role].includes(body.role)) throw forbidden();
      if (body.approval_status) requirePermission(actor, 'users', 'approve');
      if (body.phone && (await isEmailOrPhoneTaken(db, undefined, body.phone, id))) throw conflict(MESSAGES.userExists);

      const patch: UserPatch = {
        firstName: body.first_name,
        lastName: body.last_name,
        phone: body.phone,
        role: body.role,
        status: body.status,
        approvalStatus: body.approval_status,
        permissions: body.permissions,
        hideTour: body.hideTour,
        remindTourAfter: body.remindTourAfter === undefined ? undefined : body.remindTourAfter === null ? null : new Date(body.remindTourAfter),
      };
      const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as UserPatch;
      await withConflicts(() =>
        db.transaction(async (tx) => {
          await updateUser(tx, id, defined);
          await recordAudit(tx, actor, { entity: 'user', entityId: id, action: 'update', organizationId: target.organizationId, companyId: target.companyId, changes: body });
        }),
      );
      return reload(id);
    },

    async sendPasswordReset(actor: Actor, id: string): Promise<{ message: string }> {
      const target = await managedUser(actor, id);
      if (target.status === 'disabled') throw new AppError('CONFLICT', AUTH_MESSAGES.accountDisabled);
      await db.transaction(async (tx) => {
        await auth.sendPasswordLink(tx, target, 'reset');
        await recordAudit(tx, actor, { entity: 'user', entityId: id, action: 'send_password_reset', organizationId: target.organizationId, companyId: target.companyId });
      });
      return { message: `A password reset link was sent to ${target.email}` };
    },

    async reassignLocation(actor: Actor, id: string, companyId: string): Promise<User> {
      const target = await managedUser(actor, id);
      const company = await findCompanyById(db, companyId);
      if (!company || company.organizationId !== target.organizationId) throw notFound(AUTH_MESSAGES.locationForeign);
      assertCompany(actor, company);
      await db.transaction(async (tx) => {
        await updateUser(tx, id, { companyId: company.id });
        await recordAudit(tx, actor, {
          entity: 'user',
          entityId: id,
          action: 'reassign_location',
          organizationId: target.organizationId,
          companyId: company.id,
          changes: { from: target.companyId, to: company.id },
        });
      });
      return reload(id);
    },

    /** Soft delete: the account stops working at once and is listed under deleted users. */
    async remove(actor: Actor, id: string): Promise<void> {
      const target = await managedUser(actor, id);
      if (target.id === actor.userId) throw badRequest('id', AUTH_MESSAGES.cannotDeleteSelf);
      await db.transaction(async (tx) => {
        await updateUser(tx, id, { deletedAt: deps.now() });
        await recordAudit(tx, actor, { entity: 'user', entityId: id, action: 'delete', organizationId: target.organizationId, companyId: target.companyId });
      });
    },

    async outbox(query: { currentPage: number; perPage: number }): Promise<Page<OutboxEmail>> {
      const { records, total } = await listOutbox(db, pageWindow(query));
      const emails = records.map((r) => ({
        id: r.id,
        to: r.to,
        subject: r.subject,
        text: r.text,
        status: r.status,
        created_at: r.createdAt.toISOString(),
        sent_at: r.sentAt?.toISOString() ?? null,
      }));
      return toPage(emails, total, query);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
