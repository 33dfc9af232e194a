import type { Db } from '../db/client';
import { findUserByEmail } from '../modules/users/users.repo';
import { hideGuidedTour } from './demo-seed.repo';
import { seedDemoCatalog } from './demo-catalog';
import { seedDemoStock } from './demo-stock';
import { seedDemoPurchasing } from './demo-purchasing';
import { seedDemoTreatments } from './demo-treatments';
import { seedDemoVisits } from './demo-visits';
import { seedDemoSubscription } from './demo-subscription';
import type { FilesService } from '../modules/uploads/uploads.service';
import { isoDay } from '../clock';
import { DEFAULT_ALERT_EXPIRY_WINDOW_DAYS } from '@clinic/domain';
import { createOrganization, createSupplier, createUser } from '../../test/factories/index';

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
  now?: Date;
  /** The server's alert window, so the seeded alerts match what its scan would raise. */
  alertExpiryWindowDays?: number;
  /** File storage, for the PDFs of the demo purchase orders. */
  files?: FilesService;
}

/**
 * Seeds the demo organization on first start; later starts find the admin and change nothing.
 * Returns the demo logins to print (also when the data already existed).
 */
export async function seedDemo(db: Db, options: DemoOptions = {}): Promise<DemoLogin[]> {
  if (!(await findUserByEmail(db, DEMO_LOGINS[0]!.email))) await seedOrganizations(db);
  // Demo accounts have seen the guided tour, so demos and the browser tests start undisturbed (Profile
  // still offers it). Also on data directories seeded before the tour.
  await hideGuidedTour(db, DEMO_EMAILS);
  // The catalog, stock, purchasing and treatments arrived after the first demo data directories: added on their next start too.
  const manager = await findUserByEmail(db, 'manager@brightsmile.demo');
  await seedDemoCatalog(db, manager?.companyId ?? null);
  const owner = await findUserByEmail(db, 'owner@brightsmile.demo');
  if (owner?.organizationId) await seedDemoSubscription(db, owner.organizationId, options.now ?? new Date());
  const hygienist = await findUserByEmail(db, 'hygienist@brightsmile.demo');
  const lakeside = await findUserByEmail(db, 'lakeside@brightsmile.demo');
  if (hygienist?.companyId && lakeside?.companyId) {
    const now = options.now ?? new Date();
    const rules = { today: isoDay(now), expiryWindowDays: options.alertExpiryWindowDays ?? DEFAULT_ALERT_EXPIRY_WINDOW_DAYS };
    const downtown = { companyId: hygienist.companyId, userId: hygienist.id };
    await seedDemoStock(db, { Downtown: downtown, Lakeside: { companyId: lakeside.companyId, userId: lakeside.id } }, rules, now);
    await seedDemoPurchasing(db, downtown, options.files, now);
    await seedDemoTreatments(db, downtown);
    await seedDemoVisits(db, downtown, rules, now);
  }
  return DEMO_LOGINS;
}

async function seedOrganizations(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await createUser(tx, { role: 'admin', email: 'admin@demo.clinic', password: DEMO_PASSWORD, firstName: 'Avery', lastName: 'Admin', phone: '+1 512 555 0100' });

    const bright = await createOrganization(tx, {
      name: 'Bright Smile Dental Group',
      approvalStatus: 'approved',
      billingEmail: 'billing@brightsmile.demo',
      subscribed: false,
      locations: [
        { name: 'Downtown', city: 'Austin', state: 'TX' },
        { name: 'Lakeside', city: 'Round Rock', state: 'TX' },
      ],
    });
    const downtown = bright.locations[0]!;
    const lakeside = bright.locations[1]!;
    const staff = [
      { role: 'organization_admin', email: 'owner@brightsmile.demo', firstName: 'Olivia', lastName: 'Owens', phone: '+1 512 555 0101', companyId: downtown.id },
      { role: 'company_admin', email: 'manager@brightsmile.demo', firstName: 'Marcus', lastName: 'Reed', phone: '+1 512 555 0102', companyId: downtown.id },
      { role: 'company_member', email: 'hygienist@brightsmile.demo', firstName: 'Hannah', lastName: 'Lee', phone: '+1 512 555 0103', companyId: downtown.id },
      { role: 'assistant', email: 'assistant@brightsmile.demo', firstName: 'Sam', lastName: 'Patel', phone: '+1 512 555 0104', companyId: downtown.id },
      { role: 'company_admin', email: 'lakeside@brightsmile.demo', firstName: 'Lena', lastName: 'Ortiz', phone: '+1 512 555 0105', companyId: lakeside.id },
    ] as const;
    for (const person of staff) await createUser(tx, { ...person, organizationId: bright.id, password: DEMO_PASSWORD });

    // Shared suppliers come from the product admin; Downtown also buys from a local lab.
    const sharedSuppliers = [
      { name: 'Henry Schein Dental', email: 'orders@henryschein.demo', phone: '+1 800 472 4346', taxId: '11-3136595', address: '135 Duryea Rd, Melville, NY 11747', contactEmail: 'rep.austin@henryschein.demo', contactPhone: '+1 512 555 0140' },
      { name: 'Patterson Dental', email: 'orders@patterson.demo', phone: '+1 800 328 5536', taxId: '41-0886515', address: '1031 Mendota Heights Rd, St. Paul, MN 55120', contactEmail: 'rep.tx@patterson.demo', contactPhone: '+1 512 555 0141' },
      { name: 'Benco Dental', email: 'orders@benco.demo', phone: '+1 800 462 3626', taxId: '23-1453205', address: '295 Centerpoint Blvd, Pittston, PA 18640', contactEmail: 'rep@benco.demo', contactPhone: '+1 512 555 0142' },
      { name: 'Allergan Aesthetics', email: 'orders@allergan.demo', phone: '+1 800 377 7790', taxId: '95-1622442', address: '2525 Dupont Dr, Irvine, CA 92612', contactEmail: 'rep.south@allergan.demo', contactPhone: '+1 512 555 0143' },
      { name: 'Galderma', email: 'orders@galderma.demo', phone: '+1 866 735 4137', taxId: '75-2713548', address: '14501 N Fwy, Fort Worth, TX 76177', contactEmail: 'rep@galderma.demo', contactPhone: '+1 512 555 0144' },
    ];
    for (const supplier of sharedSuppliers) await createSupplier(tx, { companyId: null, ...supplier });
    await createSupplier(tx, {
      companyId: downtown.id,
      name: 'Capitol City Dental Lab',
      email: 'cases@capitolcitylab.demo',
      phone: '+1 512 555 0150',
      taxId: '74-2345678',
      address: '800 Congress Ave, Austin, TX 78701',
      contactEmail: 'maria@capitolcitylab.demo',
      contactPhone: '+1 512 555 0151',
    });

    const glow = await createOrganization(tx, {
      name: 'Glow Aesthetics',
      approvalStatus: 'pending',
      billingEmail: 'owner@glowaesthetics.demo',
      // Once the product admin approves it, its owner meets the subscription dialog.
      subscribed: false,
      locations: [{ name: 'Brickell', city: 'Miami', state: 'FL' }],
    });
    await createUser(tx, {
      role: 'organization_admin',
      email: 'owner@glowaesthetics.demo',
      firstName: 'Gabriela',
      lastName: 'Vance',
      phone: '+1 305 555 0110',
      organizationId: glow.id,
      companyId: glow.locations[0]!.id,
      approvalStatus: 'pending',
      password: DEMO_PASSWORD,
    });
  });
}
