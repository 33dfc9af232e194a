import type { CreateSupplierRequest } from '@clinic/domain';
import type { ServiceDeps } from '../services';
import type { Actor } from '../core/actor';
import { createSuppliersService } from '../modules/suppliers/suppliers.service';
import { supplierIdsByName } from './demo-seed.repo';

/** Shared suppliers come from the product admin; Downtown also buys from a local lab. */
const SHARED_SUPPLIERS: CreateSupplierRequest[] = [
  { name: 'Henry Schein Dental', email: 'orders@henryschein.demo', phone: '+1 800 472 4346', tax_id: '11-3136595', address: '135 Duryea Rd, Melville, NY 11747', contact_email: 'rep.austin@henryschein.demo', contact_phone: '+1 512 555 0140' },
  { name: 'Patterson Dental', email: 'orders@patterson.demo', phone: '+1 800 328 5536', tax_id: '41-0886515', address: '1031 Mendota Heights Rd, St. Paul, MN 55120', contact_email: 'rep.tx@patterson.demo', contact_phone: '+1 512 555 0141' },
  { name: 'Benco Dental', email: 'orders@benco.demo', phone: '+1 800 462 3626', tax_id: '23-1453205', address: '295 Centerpoint Blvd, Pittston, PA 18640', contact_email: 'rep@benco.demo', contact_phone: '+1 512 555 0142' },
  { name: 'Allergan Aesthetics', email: 'orders@allergan.demo', phone: '+1 800 377 7790', tax_id: '95-1622442', address: '2525 Dupont Dr, Irvine, CA 92612', contact_email: 'rep.south@allergan.demo', contact_phone: '+1 512 555 0143' },
  { name: 'Galderma', email: 'orders@galderma.demo', phone: '+1 866 735 4137', tax_id: '75-2713548', address: '14501 N Fwy, Fort Worth, TX 76177', contact_email: 'rep@galderma.demo', contact_phone: '+1 512 555 0144' },
];

const DOWNTOWN_SUPPLIERS: CreateSupplierRequest[] = [
  { name: 'Capitol City Dental Lab', email: 'cases@capitolcitylab.demo', phone: '+1 512 555 0150', tax_id: '74-2345678', address: '800 Congress Ave, Austin, TX 78701', contact_email: 'maria@capitolcitylab.demo', contact_phone: '+1 512 555 0151' },
];

/**
 * The demo suppliers, made through the suppliers service as the product admin (shared ones) and
 * Downtown's manager (its own), once: when Downtown sees none of them yet, so a start that stopped
 * after the accounts still gets them and a clinic that renamed a few is left as it is.
 */
export async function seedDemoSuppliers(deps: ServiceDeps, as: { admin: Actor; downtownManager: Actor }): Promise<void> {
  const suppliers = createSuppliersService(deps);
  const downtown = as.downtownManager.companyId!;
  const existing = await supplierIdsByName(deps.db, downtown, [...SHARED_SUPPLIERS, ...DOWNTOWN_SUPPLIERS].map((s) => s.name));
  if (existing.size > 0) return;
  for (const supplier of SHARED_SUPPLIERS) await suppliers.create(as.admin, supplier);
  for (const supplier of DOWNTOWN_SUPPLIERS) await suppliers.create(as.downtownManager, supplier);
}
