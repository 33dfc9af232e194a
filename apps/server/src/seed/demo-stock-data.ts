/**
 * Demo stock for the seed: lots the Bright Smile locations received over the past year, with their
 * use since. Plain data only; dates are days relative to the first start, so "expiring soon" and
 * "expired" stay true whenever the demo is installed.
 *
 * Downtown is set up to show each alert once on first start: three products under their minimum,
 * three lots expiring within the default 30-day window and one expired lot (the clinical-trust seed
 * adds a recalled implant lot and writes off two older expired lots' last units). A few products were
 * bought repeatedly, so Track Product Consumption has cycles and trends to draw.
 */

export type DemoLocation = 'Downtown' | 'Lakeside';

export interface DemoLot {
  location: DemoLocation;
  /** Equals one DemoProduct.name. */
  product: string;
  /** Equals one demo supplier's name. */
  supplier: string;
  lotNumber: string;
  receivedDaysAgo: number;
  /** Days from the first start; negative is already expired, null for products without expiry. */
  expiresInDays: number | null;
  containers: number;
  unitsPerContainer: number;
  pricePerContainer: number;
  consignment?: boolean;
  /** Uses since receipt: `times` uses of `each` units, spread evenly until `untilDaysAgo` (default today). */
  usage?: { times: number; each: number; untilDaysAgo?: number };
}

/** Minimum stock per product and location; products below it raise a low-stock alert. */
export interface DemoMinimum {
  location: DemoLocation;
  product: string;
  minimumStock: number;
}

const LIDOCAINE = 'Cook-Waite Lidocaine HCl 2% with Epinephrine 1:100000';
const GLOVES = 'Evolve 300 Nitrile Exam Gloves Small (Box of 300)';
const PROPHY = 'Elite Disposable Prophy Angles Soft Cup (Box of 100)';
const COMPOSITE = 'Filtek Z250 Universal Restorative A2';
const BOTOX = 'Botox Cosmetic onabotulinumtoxinA 100 Units Vial';
const FILLER = 'Juvederm Ultra Plus XC 1 ml (Box of 2 Syringes)';
const SUTURE = 'Vicryl Polyglactin 910 Suture 3-0 SH 27 in (Box of 36)';
const NEEDLES = 'Septoject XL Dental Needles 30 ga Short (Box of 100)';
const GAUZE = 'Sterile Gauze Sponges 2 x 2 in 8-Ply (Box of 50 Pouches)';
const POUCHES = 'Sure-Check Sterilization Pouches 2.25 x 4 in (Box of 200)';
const VARNISH = 'Duraphat 5% Sodium Fluoride Varnish 10 ml Tube';
const BOND = 'Scotchbond Universal Plus Adhesive 5 ml Bottle';
const IMPLANT = 'Straumann BLX Roxolid SLActive RB 4.0 x 10 mm Implant';
const MEMBRANE = 'Bio-Gide Resorbable Collagen Membrane 13 x 25 mm';
const CAVICIDE = 'CaviCide Surface Disinfectant 1 Gallon';
const SCANDONEST = 'Scandonest 3% Plain Mepivacaine';
const BIODENTINE = 'Biodentine Capsules (Box of 15)';
const RESTYLANE = 'Restylane Silk 1 ml Syringe';
const JEUVEAU = 'Jeuveau prabotulinumtoxinA-xvfs 100 Units Vial';
const BIBS = 'Dental Bibs 2-Ply Tissue and Poly Blue 13 x 18 in (Case of 500)';
const TEMPBOND = 'TempBond Clear Automix Syringe with Triclosan';

export const DEMO_LOTS: DemoLot[] = [
  // Lidocaine: bought every quarter; the price crept up and the hygienists use fewer per visit.
  { location: 'Downtown', product: LIDOCAINE, supplier: 'Henry Schein Dental', lotNumber: 'LC23A117', receivedDaysAgo: 330, expiresInDays: 400, containers: 1, unitsPerContainer: 50, pricePerContainer: 58, usage: { times: 25, each: 2, untilDaysAgo: 245 } },
  { location: 'Downtown', product: LIDOCAINE, supplier: 'Henry Schein Dental', lotNumber: 'LC24B042', receivedDaysAgo: 240, expiresInDays: 480, containers: 1, unitsPerContainer: 50, pricePerContainer: 60, usage: { times: 28, each: 1.75, untilDaysAgo: 155 } },
  // The demo visits take this lot's last 10 cartridges first expiry first (the implant placements 3 each), leaving one.
  { location: 'Downtown', product: LIDOCAINE, supplier: 'Patterson Dental', lotNumber: 'LC24D310', receivedDaysAgo: 150, expiresInDays: 560, containers: 1, unitsPerContainer: 50, pricePerContainer: 61.5, usage: { times: 28, each: 1.39, untilDaysAgo: 65 } },
  { location: 'Downtown', product: LIDOCAINE, supplier: 'Patterson Dental', lotNumber: 'LC25A088', receivedDaysAgo: 60, expiresInDays: 650, containers: 2, unitsPerContainer: 50, pricePerContainer: 63, usage: { times: 36, each: 1.5 } },
  // Gloves: monthly cases, usage steady, a better price from the second supplier.
  { location: 'Downtown', product: GLOVES, supplier: 'Benco Dental', lotNumber: 'CRN-24-1187', receivedDaysAgo: 120, expiresInDays: 900, containers: 10, unitsPerContainer: 300, pricePerContainer: 21.5, usage: { times: 75, each: 40, untilDaysAgo: 45 } },
  { location: 'Downtown', product: GLOVES, supplier: 'Henry Schein Dental', lotNumber: 'CRN-25-0214', receivedDaysAgo: 50, expiresInDays: 980, containers: 10, unitsPerContainer: 300, pricePerContainer: 19.9, usage: { times: 48, each: 40 } },
  { location: 'Downtown', product: PROPHY, supplier: 'Patterson Dental', lotNumber: 'YD-7741', receivedDaysAgo: 90, expiresInDays: 1100, containers: 4, unitsPerContainer: 100, pricePerContainer: 34, usage: { times: 56, each: 5 } },
  { location: 'Downtown', product: COMPOSITE, supplier: 'Henry Schein Dental', lotNumber: 'NF4821', receivedDaysAgo: 200, expiresInDays: 210, containers: 24, unitsPerContainer: 1, pricePerContainer: 18, usage: { times: 40, each: 0.35 } },
  { location: 'Downtown', product: BOND, supplier: 'Henry Schein Dental', lotNumber: 'SB9130', receivedDaysAgo: 110, expiresInDays: 300, containers: 10, unitsPerContainer: 1, pricePerContainer: 29.6, usage: { times: 30, each: 0.1 } },
  { location: 'Downtown', product: TEMPBOND, supplier: 'Benco Dental', lotNumber: 'TBC-2207', receivedDaysAgo: 140, expiresInDays: 120, containers: 33, unitsPerContainer: 1, pricePerContainer: 3.59, usage: { times: 14, each: 0.6 } },
  { location: 'Downtown', product: NEEDLES, supplier: 'Henry Schein Dental', lotNumber: 'SJ-5530', receivedDaysAgo: 80, expiresInDays: 1200, containers: 3, unitsPerContainer: 100, pricePerContainer: 17.25, usage: { times: 70, each: 2 } },
  { location: 'Downtown', product: GAUZE, supplier: 'Benco Dental', lotNumber: 'MDL-88213', receivedDaysAgo: 70, expiresInDays: 1400, containers: 5, unitsPerContainer: 50, pricePerContainer: 11.4, usage: { times: 45, each: 3 } },
  { location: 'Downtown', product: POUCHES, supplier: 'Patterson Dental', lotNumber: 'CX-20419', receivedDaysAgo: 100, expiresInDays: null, containers: 4, unitsPerContainer: 200, pricePerContainer: 14.8, usage: { times: 50, each: 12 } },
  { location: 'Downtown', product: CAVICIDE, supplier: 'Benco Dental', lotNumber: 'MTX-3318', receivedDaysAgo: 130, expiresInDays: 500, containers: 256, unitsPerContainer: 1, pricePerContainer: 0.33, usage: { times: 26, each: 6 } },
  { location: 'Downtown', product: SUTURE, supplier: 'Henry Schein Dental', lotNumber: 'ETH-KP4410', receivedDaysAgo: 180, expiresInDays: 420, containers: 1, unitsPerContainer: 36, pricePerContainer: 189, usage: { times: 12, each: 1 } },
  // Implants (issue 20): each fixture carries its own serial number in its UDI. Two patients received
  // fixtures of SX3417 in the demo visits; its last one is recalled by the clinical-trust seed.
  // SX3522 is on the shelf for the next placement. The membrane is on consignment.
  { location: 'Downtown', product: IMPLANT, supplier: 'Henry Schein Dental', lotNumber: 'SX3417', receivedDaysAgo: 75, expiresInDays: 1420, containers: 3, unitsPerContainer: 1, pricePerContainer: 412 },
  { location: 'Downtown', product: IMPLANT, supplier: 'Henry Schein Dental', lotNumber: 'SX3522', receivedDaysAgo: 20, expiresInDays: 1510, containers: 4, unitsPerContainer: 1, pricePerContainer: 418 },
  { location: 'Downtown', product: MEMBRANE, supplier: 'Henry Schein Dental', lotNumber: 'GB-61744', receivedDaysAgo: 75, expiresInDays: 700, containers: 1, unitsPerContainer: 3, pricePerContainer: 285, consignment: true },
  // Aesthetics: toxin and filler, the toxin on its quarterly reorder.
  { location: 'Downtown', product: BOTOX, supplier: 'Allergan Aesthetics', lotNumber: 'C7311C3', receivedDaysAgo: 95, expiresInDays: 160, containers: 6, unitsPerContainer: 1, pricePerContainer: 620, usage: { times: 6, each: 1, untilDaysAgo: 20 } },
  { location: 'Downtown', product: BOTOX, supplier: 'Allergan Aesthetics', lotNumber: 'C8120C3', receivedDaysAgo: 18, expiresInDays: 250, containers: 6, unitsPerContainer: 1, pricePerContainer: 636, usage: { times: 2, each: 1 } },
  { location: 'Downtown', product: FILLER, supplier: 'Allergan Aesthetics', lotNumber: 'V40LA90512', receivedDaysAgo: 75, expiresInDays: 330, containers: 4, unitsPerContainer: 2, pricePerContainer: 720, usage: { times: 5, each: 1 } },
  // Expiring within the month: three lots a clinic should use first or return.
  { location: 'Downtown', product: VARNISH, supplier: 'Patterson Dental', lotNumber: 'DP-40917', receivedDaysAgo: 300, expiresInDays: 9, containers: 30, unitsPerContainer: 1, pricePerContainer: 5.4, usage: { times: 40, each: 0.5 } },
  { location: 'Downtown', product: SCANDONEST, supplier: 'Henry Schein Dental', lotNumber: 'SC-22871', receivedDaysAgo: 260, expiresInDays: 17, containers: 1, unitsPerContainer: 50, pricePerContainer: 49, usage: { times: 20, each: 1.5 } },
  { location: 'Downtown', product: RESTYLANE, supplier: 'Galderma', lotNumber: '19844-2', receivedDaysAgo: 160, expiresInDays: 26, containers: 3, unitsPerContainer: 1, pricePerContainer: 285, usage: { times: 1, each: 1, untilDaysAgo: 40 } },
  // Expired lots the clinic wrote off in the past weeks (the clinical-trust seed disposes of their last units).
  { location: 'Downtown', product: SCANDONEST, supplier: 'Henry Schein Dental', lotNumber: 'SC-21460', receivedDaysAgo: 430, expiresInDays: -25, containers: 1, unitsPerContainer: 50, pricePerContainer: 47, usage: { times: 30, each: 1.5, untilDaysAgo: 262 } },
  { location: 'Downtown', product: RESTYLANE, supplier: 'Galderma', lotNumber: '18730-1', receivedDaysAgo: 330, expiresInDays: -14, containers: 3, unitsPerContainer: 1, pricePerContainer: 279, usage: { times: 2, each: 1, untilDaysAgo: 170 } },
  // Expired last week with units still on the shelf.
  { location: 'Downtown', product: BIODENTINE, supplier: 'Henry Schein Dental', lotNumber: 'B34211', receivedDaysAgo: 380, expiresInDays: -6, containers: 1, unitsPerContainer: 15, pricePerContainer: 189, usage: { times: 9, each: 1, untilDaysAgo: 30 } },
  // Below minimum: the bibs and the toxin from Evolus are running out.
  { location: 'Downtown', product: BIBS, supplier: 'Benco Dental', lotNumber: 'MDL-BB-5521', receivedDaysAgo: 85, expiresInDays: null, containers: 1, unitsPerContainer: 500, pricePerContainer: 38.75, usage: { times: 76, each: 6 } },
  { location: 'Downtown', product: JEUVEAU, supplier: 'Allergan Aesthetics', lotNumber: 'EV-33108', receivedDaysAgo: 70, expiresInDays: 190, containers: 4, unitsPerContainer: 1, pricePerContainer: 495, usage: { times: 3, each: 1 } },

  // Lakeside: a smaller hygiene-focused office.
  { location: 'Lakeside', product: GLOVES, supplier: 'Benco Dental', lotNumber: 'CRN-25-0388', receivedDaysAgo: 40, expiresInDays: 990, containers: 6, unitsPerContainer: 300, pricePerContainer: 21, usage: { times: 30, each: 30 } },
  { location: 'Lakeside', product: PROPHY, supplier: 'Patterson Dental', lotNumber: 'YD-7790', receivedDaysAgo: 60, expiresInDays: 1080, containers: 3, unitsPerContainer: 100, pricePerContainer: 34.5, usage: { times: 40, each: 4 } },
  { location: 'Lakeside', product: LIDOCAINE, supplier: 'Henry Schein Dental', lotNumber: 'LC25A102', receivedDaysAgo: 55, expiresInDays: 640, containers: 1, unitsPerContainer: 50, pricePerContainer: 62, usage: { times: 15, each: 1.5 } },
  { location: 'Lakeside', product: VARNISH, supplier: 'Patterson Dental', lotNumber: 'DP-41230', receivedDaysAgo: 90, expiresInDays: 240, containers: 20, unitsPerContainer: 1, pricePerContainer: 5.5, usage: { times: 18, each: 0.5 } },
  { location: 'Lakeside', product: NEEDLES, supplier: 'Henry Schein Dental', lotNumber: 'SJ-5581', receivedDaysAgo: 55, expiresInDays: 1150, containers: 2, unitsPerContainer: 100, pricePerContainer: 17.25, usage: { times: 30, each: 2 } },
];

export const DEMO_MINIMUMS: DemoMinimum[] = [
  { location: 'Downtown', product: LIDOCAINE, minimumStock: 40 },
  { location: 'Downtown', product: GLOVES, minimumStock: 600 },
  { location: 'Downtown', product: PROPHY, minimumStock: 100 },
  { location: 'Downtown', product: NEEDLES, minimumStock: 50 },
  { location: 'Downtown', product: GAUZE, minimumStock: 60 },
  { location: 'Downtown', product: BOTOX, minimumStock: 3 },
  // Under their minimum on first start: bibs (44 left), Jeuveau (1 left), Biodentine (the 6 left expired).
  { location: 'Downtown', product: BIBS, minimumStock: 100 },
  { location: 'Downtown', product: JEUVEAU, minimumStock: 2 },
  { location: 'Downtown', product: BIODENTINE, minimumStock: 5 },
  { location: 'Lakeside', product: GLOVES, minimumStock: 300 },
  { location: 'Lakeside', product: PROPHY, minimumStock: 50 },
];
