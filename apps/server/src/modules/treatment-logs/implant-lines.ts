import { IMPLANT_MESSAGES, readUdi, scanIsOtherProduct, type ImplantInput } from '@clinic/domain';
import type { Tx } from '../../db/client';
import { invalidFields } from '../../core/errors';
import { implantFacts, insertImplants, lotByNumber } from './implants.repo';

/** A line of a visit as the implant rules see it; `index` is its place in the request's products. */
export interface ImplantCandidate {
  index: number;
  productId: string;
  quantity: number;
  stockId?: string | undefined;
  implant?: ImplantInput | undefined;
}

/** What a line's label said, ready to be written once the visit line exists. */
export interface ImplantRecord {
  index: number;
  udi: string;
  deviceIdentifier: string;
  lotNumber: string;
  serialNumber: string;
  expiryDate: string | null;
  site: string;
  /** The lot the UDI names, when it is on the location's shelf. */
  stockId: string | null;
}

/**
 * Issue 20: every line of an implantable product must carry the device's UDI and its site, and be
 * one device (quantity 1); the label must read (GS1 or HIBC) and, when the product has the codes
 * to compare with (a GS1 label its barcode, an HIBC label its manufacturer code), name this product. Every problem names its field (`products.{i}.implant.udi`) and nothing is
 * written. A UDI with a lot number that is on the shelf names that lot, so the unit comes from it
 * (a recalled lot is then refused by the ledger); otherwise first expiry first (or the lot the
 * line named). Runs inside the visit's transaction; returns the records by line.
 */
export async function checkImplants(tx: Tx, companyId: string, lines: ImplantCandidate[]): Promise<Map<number, ImplantRecord>> {
  const facts = await implantFacts(
    tx,
    lines.map((l) => l.productId),
  );
  const issues: { field: string; message: string }[] = [];
  const records = new Map<number, ImplantRecord>();
  for (const line of lines) {
    const product = facts.get(line.productId);
    if (!product?.implantable) continue;
    const field = `products.${String(line.index)}`;
    const udi = line.implant?.udi.trim() ?? '';
    const site = line.implant?.site.trim() ?? '';
    if (!udi) issues.push({ field: `${field}.implant.udi`, message: IMPLANT_MESSAGES.udiRequired });
    if (!site) issues.push({ field: `${field}.implant.site`, message: IMPLANT_MESSAGES.siteRequired });
    if (line.quantity !== 1) issues.push({ field: `${field}.quantity`, message: IMPLANT_MESSAGES.oneDevice });
    if (!udi) continue;
    const read = readUdi(udi);
    if (!read.ok) {
      issues.push({ field: `${field}.implant.udi`, message: read.message });
      continue;
    }
    if (read.udi.standard === 'plain' || !read.udi.productId) {
      issues.push({ field: `${field}.implant.udi`, message: IMPLANT_MESSAGES.notAUdi });
      continue;
    }
    if (scanIsOtherProduct(read.udi, { barcode: product.barcode, manufacturer_code: product.manufacturerCode })) {
      issues.push({ field: `${field}.implant.udi`, message: IMPLANT_MESSAGES.otherProduct });
      continue;
    }
    const lotNumber = read.udi.lot ?? '';
    records.set(line.index, {
      index: line.index,
      udi,
      deviceIdentifier: read.udi.gtin ?? read.udi.productId,
      lotNumber,
      serialNumber: read.udi.serial ?? '',
      expiryDate: read.udi.expiry ?? null,
      site,
      stockId: lotNumber ? await lotByNumber(tx, companyId, line.productId, lotNumber) : null,
    });
  }
  if (issues.length > 0) throw invalidFields(issues);
  return records;
}

/** The stock a line takes its units from: the UDI's lot when on the shelf, else what the line named. */
export function stockFor(record: ImplantRecord | undefined, named: string | undefined): string | undefined {
  return record?.stockId ?? named;
}

/** The implant rows of a visit's new lines, written in the visit's transaction. */
export async function writeImplants(
  tx: Tx,
  visit: { companyId: string; patientId: string; treatmentLogId: string; implantedBy: string; at: Date },
  lines: { lineId: string; productId: string; record: ImplantRecord | undefined }[],
): Promise<void> {
  await insertImplants(
    tx,
    lines.flatMap(({ lineId, productId, record }) =>
      record
        ? [
            {
              companyId: visit.companyId,
              patientId: visit.patientId,
              treatmentLogId: visit.treatmentLogId,
              treatmentLogProductId: lineId,
              productId,
              stockId: record.stockId,
              udi: record.udi,
              deviceIdentifier: record.deviceIdentifier,
              lotNumber: record.lotNumber,
              serialNumber: record.serialNumber,
              expiryDate: record.expiryDate,
              site: record.site,
              implantedBy: visit.implantedBy,
              implantedAt: visit.at,
            },
          ]
        : [],
    ),
  );
}
