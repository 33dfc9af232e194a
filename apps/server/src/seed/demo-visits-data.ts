/**
 * Demo visits at Downtown over the last six weeks: chart numbers (no other patient data), the
 * designed treatments performed, and the case notes a clinician would type. Two patients received
 * an implant of the lot the clinical-trust seed recalls. Trays are used at
 * their designed quantities. Plain data only.
 */

export interface DemoVisit {
  daysAgo: number;
  chart: string;
  /** Equal DemoTreatment.code values. */
  treatments: string[];
  caseNotes: string;
  /**
   * The implant placed (issue 20): the tray's line of this implantable product carries the
   * device's UDI, built from the product's GTIN, the lot's expiry, the lot and the serial.
   */
  implant?: DemoImplant;
}

export interface DemoImplant {
  /** Equals one DemoProduct.name; the product's barcode is its GTIN. */
  product: string;
  /** Equals one DemoLot.lotNumber of that product at Downtown. */
  lot: string;
  serial: string;
  /** Tooth (universal numbering, as the case notes use) or area. */
  site: string;
}

export const DEMO_IMPLANT = 'Straumann BLX Roxolid SLActive RB 4.0 x 10 mm Implant';

/**
 * A device's GS1 UDI in its human-readable form: (01) the GTIN-14 (an EAN-13 or UPC-A barcode
 * padded with zeros), (17) the expiry as YYMMDD when it has one, (10) the lot, (21) the serial.
 */
export function demoUdi(barcode: string, device: { lot: string; serial: string; expiry: string | null }): string {
  const expiry = device.expiry ? `(17)${device.expiry.slice(2).replaceAll('-', '')}` : '';
  return `(01)${barcode.padStart(14, '0')}${expiry}(10)${device.lot}(21)${device.serial}`;
}

export const DEMO_VISITS: DemoVisit[] = [
  { daysAgo: 42, chart: 'BS-10231', treatments: ['D1110', 'D1206'], caseNotes: 'Routine recall. Light calculus lower anteriors, removed. Fluoride varnish applied. OHI reviewed; next recall in 6 months.' },
  { daysAgo: 39, chart: 'BS-10477', treatments: ['D2391'], caseNotes: '#19 MO composite replaced as O only, shade A2. Local anesthesia 1.5 carpules lidocaine 2% 1:100k. Patient tolerated well.' },
  { daysAgo: 35, chart: 'BS-10112', treatments: ['D1110'], caseNotes: 'Adult prophy. Generalized mild gingivitis, bleeding on probing 12%. Recommended electric toothbrush.' },
  {
    daysAgo: 33,
    chart: 'BS-10915',
    treatments: ['D6010'],
    caseNotes: 'Implant #19, healed site. Straumann BLX RB 4.0 x 10 mm placed, insertion torque 35 Ncm, good primary stability. Bio-Gide over a small buccal dehiscence, closed with 3-0 Vicryl. Implant card given.',
    implant: { product: DEMO_IMPLANT, lot: 'SX3417', serial: 'SN24117031', site: '#19' },
  },
  { daysAgo: 31, chart: 'BS-10588', treatments: ['AES-TOX20'], caseNotes: 'Glabellar lines, 20 units onabotulinumtoxinA in 5 points. No bruising. Review in 2 weeks.' },
  { daysAgo: 28, chart: 'BS-10231', treatments: ['D2940'], caseNotes: 'Sensitivity #30 after fracture of cusp; protective restoration placed. Crown consult booked.' },
  { daysAgo: 24, chart: 'BS-10690', treatments: ['D7140'], caseNotes: 'Extraction #32, erupted, uneventful. Gauze pressure, sutured with 3-0 Vicryl. Post-op instructions given.' },
  { daysAgo: 21, chart: 'BS-10477', treatments: ['D1110', 'D1206'], caseNotes: 'Recall prophy and fluoride varnish. New composite #19 intact.' },
  { daysAgo: 17, chart: 'BS-10712', treatments: ['AES-LIP1'], caseNotes: 'Lip augmentation, 1 ml hyaluronic acid filler, cannula technique. Mild swelling expected 48 h.' },
  { daysAgo: 14, chart: 'BS-10112', treatments: ['D2391'], caseNotes: '#14 occlusal caries, composite O, shade A2. Anesthesia 1.5 carpules lidocaine.' },
  {
    daysAgo: 12,
    chart: 'BS-10958',
    treatments: ['D6010'],
    caseNotes: 'Implant #3 after socket grafting 4 months ago. Straumann BLX RB 4.0 x 10 mm, insertion torque 40 Ncm. Membrane trimmed and tucked, 3-0 Vicryl. Healing abutment at 6 weeks. Implant card given.',
    implant: { product: DEMO_IMPLANT, lot: 'SX3417', serial: 'SN24117032', site: '#3' },
  },
  { daysAgo: 10, chart: 'BS-10588', treatments: ['AES-TOX20'], caseNotes: 'Two-week review and touch-up: additional units not needed; documented as full session for next quarter.' },
  { daysAgo: 7, chart: 'BS-10803', treatments: ['D1110'], caseNotes: 'New patient prophy. Heavy staining from coffee; polished. Full charting done.' },
  { daysAgo: 3, chart: 'BS-10690', treatments: ['D1110'], caseNotes: 'Post-extraction check healed well; prophy completed.' },
];
