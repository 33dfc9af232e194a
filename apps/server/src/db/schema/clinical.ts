import { sql } from 'drizzle-orm';
import { date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './organizations';
import { users } from './users';
import { products } from './catalog';
import { stocks } from './stock';
import { patients, treatmentLogProducts, treatmentLogs } from './treatment-logs';

/**
 * A device implanted in a patient at the chair (issue 20; EU MDR articles 18 and 27, the US
 * implantable device list): the UDI as scanned, what it says, and where it went. One row per
 * visit line of an implantable product; the visit's ledger rows carry the units.
 */
export const implants = pgTable(
  'implants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    treatmentLogId: uuid('treatment_log_id')
      .notNull()
      .references(() => treatmentLogs.id),
    treatmentLogProductId: uuid('treatment_log_product_id')
      .notNull()
      .references(() => treatmentLogProducts.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** The lot the units came from, when the UDI named one on the shelf. */
    stockId: uuid('stock_id').references(() => stocks.id),
    /** The label as scanned or typed (GS1 element string). */
    udi: text('udi').notNull(),
    /** UDI-DI: the GTIN of the GS1 label. */
    deviceIdentifier: text('device_identifier').notNull(),
    lotNumber: text('lot_number').notNull().default(''),
    serialNumber: text('serial_number').notNull().default(''),
    expiryDate: date('expiry_date'),
    /** Tooth (FDI or universal number) or area, as the clinician wrote it. */
    site: text('site').notNull(),
    implantedBy: uuid('implanted_by').references(() => users.id),
    implantedAt: timestamp('implanted_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('implants_line_unique').on(t.treatmentLogProductId),
    // A patient's implants, newest first.
    index('implants_patient_implanted_idx').on(t.patientId, t.implantedAt),
    // Recall tracing by serial number or UDI-DI.
    index('implants_company_serial_idx').on(t.companyId, sql`lower(${t.serialNumber})`).where(sql`${t.serialNumber} <> ''`),
    index('implants_company_device_idx').on(t.companyId, t.deviceIdentifier),
    // Recall tracing by lot number: the lot printed on the device's label.
    index('implants_company_lot_idx').on(t.companyId, sql`lower(${t.lotNumber})`).where(sql`${t.lotNumber} <> ''`),
  ],
);

/**
 * A patient told of a recall: one mark per recall (what was traced: 'lot:…', 'serial:…',
 * 'udi_di:…', lower case) and patient, with who marked it and when.
 */
export const recallContacts = pgTable(
  'recall_contacts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    recallKey: text('recall_key').notNull(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    contactedBy: uuid('contacted_by').references(() => users.id),
    contactedAt: timestamp('contacted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.recallKey, t.patientId] })],
);
