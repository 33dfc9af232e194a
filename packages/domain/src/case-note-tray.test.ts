import { describe, expect, it } from 'vitest';
import { proposeTray, type CaseNoteCatalogEntry } from './case-note-tray';

// A small catalog in the demo's words: the matcher is exercised against the full demo catalog by
// `npm run bench:case-notes`; these pin its rules one by one.
const entry = (name: string, brand: string, basic_unit: CaseNoteCatalogEntry['basic_unit'], container: CaseNoteCatalogEntry['container'], weight_or_volume: number | null = null): CaseNoteCatalogEntry => ({
  id: name,
  name,
  brand,
  manufacturer_code: '',
  type: basic_unit === 'item' || basic_unit === 'cartridge' ? 'disposable' : 'consumable',
  container,
  basic_unit,
  weight_or_volume,
});
const CATALOG = [
  entry('Septocaine Articaine HCl 4% with Epinephrine 1:100000', 'Septodont', 'cartridge', 'box', 1.7),
  entry('Septocaine Articaine HCl 4% with Epinephrine 1:200000', 'Septodont', 'cartridge', 'box', 1.7),
  entry('Filtek Supreme Ultra Universal Restorative A2 Body', '3M', 'gram', 'tube', 4),
  entry('Filtek Supreme Ultra Universal Restorative A3 Body', '3M', 'gram', 'tube', 4),
  entry('Straumann BLT Roxolid SLActive RC 4.1 x 10 mm Implant', 'Straumann', 'item', 'unit'),
  entry('Straumann BLT Roxolid SLActive RC 4.1 x 12 mm Implant', 'Straumann', 'item', 'unit'),
  entry('Straumann RC Healing Abutment Conical 4 mm', 'Straumann', 'item', 'each'),
  entry('Nobel Conical Connection Healing Abutment RP 5 mm', 'Nobel Biocare', 'item', 'each'),
  entry('Vicryl Polyglactin 910 Suture 4-0 FS-2 27 in (Box of 36)', 'Ethicon', 'item', 'box'),
  entry('Vicryl Polyglactin 910 Suture 3-0 SH 27 in (Box of 36)', 'Ethicon', 'item', 'box'),
  entry('SensiCare Ice Nitrile Exam Gloves Small (Box of 250)', 'Medline', 'item', 'box'),
  entry('SensiCare Ice Nitrile Exam Gloves Medium (Box of 250)', 'Medline', 'item', 'box'),
  entry('Botox Cosmetic onabotulinumtoxinA 100 Units Vial', 'Allergan Aesthetics', 'item', 'vial'),
  entry('Juvederm Ultra Plus XC 1 ml (Box of 2 Syringes)', 'Allergan Aesthetics', 'item', 'box', 1),
  entry('Juvederm Ultra XC 1 ml (Box of 2 Syringes)', 'Allergan Aesthetics', 'item', 'box', 1),
  entry('Bard-Parker Stainless Steel Scalpel Blade #15 (Box of 50)', 'BD', 'item', 'box'),
  entry('Bard-Parker Stainless Steel Scalpel Blade #15C (Box of 50)', 'BD', 'item', 'box'),
  entry('Fuji Ortho LC Capsules (Box of 40)', 'GC America', 'item', 'box'),
  entry('Puros Cortical Particulate Allograft 0.5 g', 'ZimVie', 'item', 'vial', 0.5),
  entry('Radiesse (+) Lidocaine 1.5 ml Syringe', 'Merz Aesthetics', 'item', 'unit', 1.5),
  entry('Tapered Screw-Vent MTX 4.1 x 11.5 mm Implant', 'ZimVie', 'item', 'unit'),
  entry('Alcohol Prep Pads Medium Sterile (Box of 200)', 'Medline', 'item', 'box'),
  entry('Chromic Gut Suture 4-0 FS-2 27 in (Box of 36)', 'Ethicon', 'item', 'box'),
  entry('BD PrecisionGlide Needles 30 G x 1/2 in (Box of 100)', 'BD', 'item', 'box'),
  entry('BD PrecisionGlide Needles 30 G x 1 in (Box of 100)', 'BD', 'item', 'box'),
  entry('BD Ultra-Fine Insulin Syringes 0.3 ml 31 G x 8 mm (Box of 100)', 'BD', 'item', 'box', 0.3),
  entry('Peridex Chlorhexidine Gluconate 0.12% Oral Rinse 16 oz', '3M', 'oz', 'bottle', 16),
];
const SEPTO_100 = CATALOG[0]!.id;
const SEPTO_200 = CATALOG[1]!.id;
const propose = (note: string, design?: [string, number][]) =>
  proposeTray(note, CATALOG, { design: design?.map(([product_id, quantity]) => ({ product_id, quantity })) }).map((l) => [l.product_id, l.quantity]);

describe('proposeTray', () => {
  it.each([
    ['two carpules of Septocaine 1:100k', 2],
    ['Septocaine 1:100k x2', 2],
    ['1.5 carps Septocaine 4% 1:100k', 1.5],
    ['one and a half cartridges of Septocaine 1:100k', 1.5],
    ['half a carpule Septocaine 1:100k', 0.5],
    ['3.4 ml Septocaine 1:100k', 2],
  ])('counts anesthetic in cartridges: %s', (note, quantity) => {
    expect(propose(note)).toEqual([[SEPTO_100, quantity]]);
  });

  it.each([
    ['1 g Filtek Supreme Ultra A2 body', 'A2', 0.25],
    ['Filtek Supreme Ultra a3 body, 2 g', 'A3', 0.5],
  ])('tells shades apart and counts a tube by the gram: %s', (note, shade, quantity) => {
    expect(propose(note)).toEqual([[`Filtek Supreme Ultra Universal Restorative ${shade} Body`, quantity]]);
  });

  it.each([
    ['placed Straumann BLT 4.1 × 10 at #19', '4.1 x 10'],
    ['BLT RC 4.1x12mm placed', '4.1 x 12'],
  ])('tells implant sizes apart: %s', (note, size) => {
    expect(propose(note)).toEqual([[`Straumann BLT Roxolid SLActive RC ${size} mm Implant`, 1]]);
  });

  it.each([
    ['closed with 4-0 Vicryl', CATALOG[8]!.id],
    ['closed w/ Vicryl 3/0', CATALOG[9]!.id],
  ])('tells suture gauges apart: %s', (note, id) => {
    expect(propose(note)).toEqual([[id, 1]]);
  });

  it('reads toxin units as a share of the vial, the stated total first', () => {
    expect(propose('Botox: glabella 20u, forehead 10 units')).toEqual([['Botox Cosmetic onabotulinumtoxinA 100 Units Vial', 0.3]]);
    expect(propose('Botox. Procerus 4u, corrugators 4u x 4. Total 20 u.')).toEqual([['Botox Cosmetic onabotulinumtoxinA 100 Units Vial', 0.2]]);
  });

  it('reads filler in syringes from ml', () => {
    expect(propose('Juvederm Ultra Plus XC 1 ml to lips')).toEqual([['Juvederm Ultra Plus XC 1 ml (Box of 2 Syringes)', 1]]);
  });

  it('proposes nothing when the match is unsure', () => {
    expect(propose('2 carps Septocaine')).toEqual([]); // 1:100k or 1:200k
    expect(propose('gloves changed')).toEqual([]); // which size?
    expect(propose('Filtek Supreme Ultra body')).toEqual([]); // which shade?
  });

  it('proposes nothing for a product the catalog does not hold', () => {
    expect(propose('placed a BLX 4.1 × 10 at 36')).toEqual([]);
    expect(propose('closed with 5-0 Vicryl')).toEqual([]);
  });

  it('prefers the design’s product when the note is ambiguous, with its quantity when the note gives none', () => {
    expect(propose('Septocaine given', [[SEPTO_200, 2]])).toEqual([[SEPTO_200, 2]]);
    expect(propose('gloves', [[CATALOG[11]!.id, 2]])).toEqual([[CATALOG[11]!.id, 2]]);
  });

  it('settles an unsure component by the brand the note already names', () => {
    expect(propose('placed a Straumann BLT 4.1x10 with a healing cap')).toEqual([
      [CATALOG[4]!.id, 1],
      ['Straumann RC Healing Abutment Conical 4 mm', 1],
    ]);
  });

  it('proposes nothing for a tube whose amount the note does not give, unless the design holds it', () => {
    expect(propose('restored w/ Filtek Supreme Ultra A2 body')).toEqual([]);
    expect(propose('restored w/ Filtek Supreme Ultra A2 body', [[CATALOG[2]!.id, 0.35]])).toEqual([[CATALOG[2]!.id, 0.35]]);
  });

  it('skips products the note says were not used', () => {
    expect(propose('Botox drawn up, not used')).toEqual([]);
  });

  it.each([
    ['15 blade', '#15'],
    ['crestal incision, #15 blade', '#15'],
    ['15C blade, flap raised', '#15C'],
  ])('reads a blade by its number, with or without "#": %s', (note, blade) => {
    expect(propose(note)).toEqual([[`Bard-Parker Stainless Steel Scalpel Blade ${blade} (Box of 50)`, 1]]);
  });

  it('reads a suture gauge at the end of a sentence', () => {
    expect(propose('Bio-Oss placed. Vicryl 4-0. Pt dismissed')).toEqual([[CATALOG[8]!.id, 1]]);
  });

  it('reads a name written again or in part inside brackets', () => {
    expect(propose('three carps articaine 4% epi 1:100k (Septocaine)')).toEqual([[SEPTO_100, 3]]);
    expect(propose('Radiesse (+) lidocaine, 2 syringes')).toEqual([['Radiesse (+) Lidocaine 1.5 ml Syringe', 2]]);
  });

  it('multiplies an amount by the count after it, and doubles one given each side', () => {
    expect(propose('Puros allograft 0.5 g x 2')).toEqual([['Puros Cortical Particulate Allograft 0.5 g', 2]]);
    expect(propose('Juvederm Ultra XC, 1 syringe each side')).toEqual([['Juvederm Ultra XC 1 ml (Box of 2 Syringes)', 2]]);
  });

  it('takes the product whose whole name the note says over the design’s close one', () => {
    const plus = 'Juvederm Ultra Plus XC 1 ml (Box of 2 Syringes)';
    expect(propose('Juvederm Ultra XC 1 ml syringe to lips', [[plus, 1]])).toEqual([['Juvederm Ultra XC 1 ml (Box of 2 Syringes)', 1]]);
    expect(propose('Juvederm Ultra XC to lips', [[plus, 1]])).toEqual([['Juvederm Ultra XC 1 ml (Box of 2 Syringes)', 1]]);
  });

  it('does not take words of the visit’s story for a product', () => {
    expect(propose('Ext #4 for ortho. Primary stability good.')).toEqual([]);
    expect(propose('Fuji Ortho LC capsule x1')).toEqual([['Fuji Ortho LC Capsules (Box of 40)', 1]]);
  });

  it('reads "w/" as "with", not as the end of a name', () => {
    expect(propose('Septocaine 4% w/ epi 1:100k, 2 carps')).toEqual([[SEPTO_100, 2]]);
  });

  it('adds up cartridges given at several sites', () => {
    expect(propose('IANB 2 carps Septocaine 4% 1:100k + 1 carp buccal infil')).toEqual([[SEPTO_100, 3]]);
  });

  it('does not take one later word of a name for the product without an amount beside it', () => {
    expect(propose('Cover screw placed. Prep of the site')).toEqual([]);
    expect(propose('prep pads x2')).toEqual([['Alcohol Prep Pads Medium Sterile (Box of 200)', 2]]);
  });

  it('skips products the note says are for later', () => {
    expect(propose('Fuji Ortho LC to be ordered')).toEqual([]);
  });

  it('reads a needle length written as a fraction', () => {
    expect(propose('30G 1/2 in needle x1')).toEqual([['BD PrecisionGlide Needles 30 G x 1/2 in (Box of 100)', 1]]);
  });

  it('counts items by their count when the note also gives their size', () => {
    expect(propose('BD 0.3 ml insulin syringes x2')).toEqual([['BD Ultra-Fine Insulin Syringes 0.3 ml 31 G x 8 mm (Box of 100)', 2]]);
  });

  it('counts a bottle dispensed as one of its stock unit', () => {
    expect(propose('Peridex 0.12% 16 oz, 1 bottle dispensed')).toEqual([['Peridex Chlorhexidine Gluconate 0.12% Oral Rinse 16 oz', 1]]);
  });

  it('reads a lone word the note already names more fully as the same product', () => {
    expect(propose('Closed 4-0 chromic gut. Sutures out in 10 days', [[CATALOG[9]!.id, 1]])).toEqual([['Chromic Gut Suture 4-0 FS-2 27 in (Box of 36)', 1]]);
  });

  it('says which words each line came from', () => {
    const note = 'LA: two carpules of Septocaine 1:100k, then 4-0 Vicryl';
    const [first, second] = proposeTray(note, CATALOG);
    expect(first!.words).toEqual([{ text: 'two carpules of Septocaine 1:100k', start: 4, end: 37 }]);
    expect(second!.words[0]!.text).toBe('4-0 Vicryl');
  });
});
