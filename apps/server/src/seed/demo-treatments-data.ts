/**
 * Demo treatment designs for Downtown: common dental and aesthetic procedures with the trays the
 * demo stock can serve. Codes follow the ADA CDT style; product names equal DemoProduct.name.
 */

export interface DemoTreatment {
  code: string;
  name: string;
  abbreviation: string;
  category: string;
  tray: [product: string, quantity: number][];
}

export const DEMO_TREATMENT_CATEGORIES = [
  { name: 'Preventive', description: 'Cleanings, fluoride and sealants.' },
  { name: 'Restorative', description: 'Fillings and temporary restorations.' },
  { name: 'Oral Surgery', description: 'Extractions and implant placement.' },
  { name: 'Aesthetics', description: 'Neurotoxin and dermal filler treatments.' },
];

const GLOVES = 'Evolve 300 Nitrile Exam Gloves Small (Box of 300)';
const BIB = 'Dental Bibs 2-Ply Tissue and Poly Blue 13 x 18 in (Case of 500)';
const PROPHY = 'Elite Disposable Prophy Angles Soft Cup (Box of 100)';
const VARNISH = 'Duraphat 5% Sodium Fluoride Varnish 10 ml Tube';
const LIDOCAINE = 'Cook-Waite Lidocaine HCl 2% with Epinephrine 1:100000';
const NEEDLE = 'Septoject XL Dental Needles 30 ga Short (Box of 100)';
const GAUZE = 'Sterile Gauze Sponges 2 x 2 in 8-Ply (Box of 50 Pouches)';

export const DEMO_TREATMENTS: DemoTreatment[] = [
  { code: 'D1110', name: 'Prophylaxis, adult', abbreviation: 'PROPHY', category: 'Preventive', tray: [[PROPHY, 1], [GLOVES, 2], [BIB, 1]] },
  { code: 'D1206', name: 'Topical fluoride varnish', abbreviation: 'FL VARN', category: 'Preventive', tray: [[VARNISH, 0.5], [GLOVES, 2]] },
  {
    code: 'D2391',
    name: 'Resin-based composite, one surface, posterior',
    abbreviation: 'COMP1P',
    category: 'Restorative',
    tray: [['Filtek Z250 Universal Restorative A2', 0.35], ['Scotchbond Universal Plus Adhesive 5 ml Bottle', 0.1], [LIDOCAINE, 1.5], [NEEDLE, 1], [GLOVES, 2], [BIB, 1]],
  },
  { code: 'D2940', name: 'Protective restoration', abbreviation: 'TEMP', category: 'Restorative', tray: [['TempBond Clear Automix Syringe with Triclosan', 0.6], [GLOVES, 2]] },
  {
    code: 'D7140',
    name: 'Extraction, erupted tooth',
    abbreviation: 'EXT',
    category: 'Oral Surgery',
    tray: [[LIDOCAINE, 2], [NEEDLE, 1], [GAUZE, 4], ['Vicryl Polyglactin 910 Suture 3-0 SH 27 in (Box of 36)', 1], [GLOVES, 2]],
  },
  {
    code: 'D6010',
    name: 'Surgical placement of implant body',
    abbreviation: 'IMPL',
    category: 'Oral Surgery',
    tray: [['Straumann BLX Roxolid SLActive RB 4.0 x 10 mm Implant', 1], ['Bio-Gide Resorbable Collagen Membrane 13 x 25 mm', 1], [LIDOCAINE, 3], [NEEDLE, 1], [GAUZE, 6], ['Vicryl Polyglactin 910 Suture 3-0 SH 27 in (Box of 36)', 1], [GLOVES, 4]],
  },
  { code: 'AES-TOX20', name: 'Glabellar lines, 20 units', abbreviation: 'TOX20', category: 'Aesthetics', tray: [['Botox Cosmetic onabotulinumtoxinA 100 Units Vial', 0.2], [GLOVES, 2]] },
  { code: 'AES-LIP1', name: 'Lip augmentation, 1 syringe', abbreviation: 'LIP1', category: 'Aesthetics', tray: [['Juvederm Ultra Plus XC 1 ml (Box of 2 Syringes)', 1], [GLOVES, 2]] },
];
