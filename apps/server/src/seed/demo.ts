import { atClock, type ServiceDeps } from '../services';
import { findUserByEmail } from '../modules/users/users.reads';
import { hideGuidedTour } from './demo-seed.repo';
import { seedDemoCatalog } from './demo-catalog';
import { seedDemoStock } from './demo-stock';
import { seedDemoPurchasing } from './demo-purchasing';
import { seedDemoTreatments } from './demo-treatments';
import { seedDemoVisits } from './demo-visits';
import { seedDemoSubscription } from './demo-subscription';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoSuppliers } from './demo-suppliers';
import { seedDemoMarketplace } from './demo-marketplace';
import { seedDemoClinicalTrust } from './demo-clinical';
import { seedDemoPlaces } from './demo-places';
import { seedDemoCount } from './demo-counts';
import { seedDemoTransfers } from './demo-transfers';
import { seedDemoPms } from './demo-pms';
import { actingAs } from './demo-actor';

export const DEMO_PASSWORD = 'clinic-demo-2026';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

const DEMO_LOGINS: DemoLogin[] = [
  { role: 'admin', email: 'admin@demo.clinic', password: DEMO_PASSWORD },
  { role: 'organization_admin', email: 'owner@brightsmile.demo', password: DEMO_PASSWORD },
  { role: 'company_admin', email: 'manager@brightsmile.demo', password: DEMO_PASSWORD },
  { role: 'company_member', email: 'hygienist@brightsmile.demo', password: DEMO_PASSWORD },
  { role: 'assistant', email: 'assistant@brightsmile.demo', password: DEMO_PASSWORD },
  { role: 'pending org admin', email: 'owner@glowaesthetics.demo', password: DEMO_PASSWORD },
];

/** Every demo account: the printed logins and Lakeside's manager. */
const DEMO_EMAILS = [...DEMO_LOGINS.map((login) => login.email), 'lakeside@brightsmile.demo'];

export interface DemoOptions {
  /** The moment the demo's history is told back from (the clock's now when left out). */
  now?: Date;
  /**
   * Runs each part of the seed (the server's start-up step: a stop lets the part running finish and
   * starts no other, and the next start adds what is missing, issue 50).
   */
  step?: <T>(work: () => Promise<T>) => Promise<T>;
}

/**
 * Seeds the demo organization on first start; later starts find the admin and change nothing.
 * `deps` are the server's own (database, file storage for the order PDFs, alert window), so
 * the services the seed calls behave as the app's do. Returns the demo logins to print (also
 * when the data already existed).
 */
export async function seedDemo(deps: ServiceDeps, options: DemoOptions = {}): Promise<DemoLogin[]> {
  const { db } = deps;
  const now = options.now ?? deps.now();
  // The stock and visits are written at the demo's now (the browser tests' fixed day), not the app's clock.
  const atNow = atClock(deps, () => now);
  const part = options.step ?? (<T>(work: () => Promise<T>) => work());
  if (!(await findUserByEmail(db, DEMO_LOGINS[0]!.email))) await part(() => seedDemoAccounts(db, DEMO_PASSWORD));
  // Demo accounts have seen the guided tour, so demos and the browser tests start undisturbed (Profile
  // still offers it). Also on data directories seeded before the tour.
  await hideGuidedTour(db, DEMO_EMAILS);
  // The catalog, stock, purchasing and treatments arrived after the first demo data directories: added on their next start too.
  const admin = await findUserByEmail(db, DEMO_LOGINS[0]!.email);
  const manager = await findUserByEmail(db, 'manager@brightsmile.demo');
  if (admin && manager?.companyId) await part(() => seedDemoSuppliers(deps, { admin: actingAs(admin), downtownManager: actingAs(manager) }));
  await part(() => seedDemoCatalog(db, manager?.companyId ?? null));
  const owner = await findUserByEmail(db, 'owner@brightsmile.demo');
  const ownerOrganizationId = owner?.organizationId;
  if (ownerOrganizationId) await part(() => seedDemoSubscription(db, ownerOrganizationId, now));
  const hygienist = await findUserByEmail(db, 'hygienist@brightsmile.demo');
  const lakeside = await findUserByEmail(db, 'lakeside@brightsmile.demo');
  const lakesideId = lakeside?.companyId;
  if (hygienist?.companyId && lakesideId) {
    const rules = { at: now, expiryWindowDays: deps.alertExpiryWindowDays };
    const downtown = { companyId: hygienist.companyId, userId: hygienist.id };
    await part(() => seedDemoStock(atNow.ledger, db, { Downtown: downtown, Lakeside: { companyId: lakesideId, userId: lakeside!.id } }, rules, now));
    await part(() => seedDemoPurchasing(deps, actingAs(hygienist), now));
    await part(() => seedDemoTreatments(db, downtown));
    await part(() => seedDemoVisits(atNow.ledger, db, downtown, rules, now));
    await part(() => seedDemoMarketplace(deps, actingAs(hygienist), now));
    // Issue 20: write-offs and a recalled implant lot, by Downtown's manager.
    if (manager?.companyId === downtown.companyId) await part(() => seedDemoClinicalTrust(deps, actingAs(manager), now));
    // Issue 34: storage places at Downtown and units moved into them, by its manager.
    if (manager?.companyId === downtown.companyId) await part(() => seedDemoPlaces(deps, actingAs(manager), now));
    // Issue 34: a finished cycle count at Downtown, counted by the hygienist and approved by the manager.
    if (manager?.companyId === downtown.companyId) await part(() => seedDemoCount(deps, actingAs(manager), actingAs(hygienist), now));
    // Issue 34, item 3: sutures in transit from Downtown to Lakeside, sent by Downtown's manager.
    if (manager?.companyId === downtown.companyId) await part(() => seedDemoTransfers(deps, actingAs(manager), lakesideId, now));
    // Issue 36: the day's procedures from the practice-management system waiting at Downtown's chair.
    if (manager?.companyId === downtown.companyId) await part(() => seedDemoPms(deps, actingAs(manager), now));
  }
  return DEMO_LOGINS;
}
