import { AUTH_MESSAGES, type SignupRequest } from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Tx } from '../../db/client';
import { conflict } from '../../core/errors';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit } from '../audit/audit.writes';
import { insertCompany } from '../companies/companies.writes';
import { isOrganizationNameTaken } from '../organizations/organizations.reads';
import { insertOrganization } from '../organizations/organizations.writes';
import { findAccountHolders } from '../users/users.reads';
import { insertUser } from '../users/users.writes';
import { enqueueEmail } from '../mail/mail.writes';
import { emailTemplates } from '../mail/templates';
import { hashPassword } from './passwords';

/**
 * Sign-up answers the same whether or not the e-mail or phone already has an account, so the
 * form cannot be used to find out who is a customer; the e-mail says which it was. A new
 * organization is created pending approval and its admin signs in with the password chosen;
 * an existing account is left as it is and its owner is told someone tried. The organization
 * name stays a 409: it names a business, not a person, and two clinics cannot share one.
 */
export function createSignup(deps: ServiceDeps) {
  const { db } = deps;
  const loginUrl = `${deps.publicUrl}/`;

  async function register(tx: Tx, body: SignupRequest, passwordHash: string): Promise<void> {
    if (await isOrganizationNameTaken(tx, body.organization_name)) throw conflict(AUTH_MESSAGES.organizationExists);
    const holders = await findAccountHolders(tx, body.email, body.phone);
    if (holders.length > 0) {
      for (const holder of holders) {
        const matched = holder.sameEmail && holder.samePhone ? 'both' : holder.sameEmail ? 'email' : 'phone';
        await enqueueEmail(tx, deps.jobs, emailTemplates.signupAttempted(holder.email, matched, loginUrl, `${deps.publicUrl}/recover-account`));
      }
      // A new e-mail with someone else's phone: its sender learns why nothing came of it.
      if (!holders.some((h) => h.sameEmail)) {
        await enqueueEmail(tx, deps.jobs, emailTemplates.signupRefused(body.email, body.organization_name, loginUrl, `${deps.publicUrl}/register`));
      }
      return;
    }
    const organizationId = await insertOrganization(tx, {
      name: body.organization_name,
      numberOfLocations: body.number_of_locations,
      billingContactEmail: body.email,
      approvalStatus: 'pending',
    });
    const company = await insertCompany(tx, { organizationId, ...body.location });
    const id = await insertUser(tx, {
      organizationId,
      companyId: company.id,
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      phone: body.phone,
      passwordHash,
      role: 'organization_admin',
      approvalStatus: 'pending',
    });
    await recordAudit(tx, { userId: id }, { entity: 'organization', entityId: organizationId, action: 'signup', organizationId });
    await enqueueEmail(tx, deps.jobs, emailTemplates.signupRegistered(body.email, body.organization_name, loginUrl));
  }

  return async function signup(body: SignupRequest): Promise<{ message: string }> {
    // Hashed whatever happens next, so an existing account does not answer faster.
    const passwordHash = await hashPassword(body.password);
    try {
      await db.transaction((tx) => register(tx, body, passwordHash));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A twin sign-up committed between the checks and the inserts: run again, it now sees it.
      await db.transaction((tx) => register(tx, body, passwordHash));
    }
    return { message: AUTH_MESSAGES.signupReceived };
  };
}
