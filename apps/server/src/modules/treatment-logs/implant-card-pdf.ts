import { lazy } from '../../core/lazy';
import { IMPLANT_MESSAGES, type ImplantCardLayout, type ImplantCardPaper } from '@clinic/domain';
import { drawSymbol, type Pen, type SymbolName } from './implant-card-symbols';

/** PDFKit, loaded with the first document (core/lazy.ts). */
const loadPdfKit = lazy(async () => (await import('pdfkit')).default);
type PdfDocument = InstanceType<Awaited<ReturnType<typeof loadPdfKit>>>;

/** What an implant card says (EU MDR article 18(1)(a) and (b), with the clinic and the patient). */
export interface ImplantCardDocument {
  deviceName: string;
  /** The model: the manufacturer's code for the product (its reference), never the brand. */
  model: string;
  serialNumber: string;
  lotNumber: string;
  udi: string;
  deviceIdentifier: string;
  manufacturerName: string;
  manufacturerAddress: string;
  clinic: { name: string; city: string; state: string };
  /** ISO time of the implantation. */
  implantedAt: string;
  site: string;
  chartNumber: string;
  /** ISO date from the label, or null. */
  expiryDate: string | null;
}

/** Points per millimetre. */
const MM = 72 / 25.4;
/** ISO/IEC 7810 ID-1, the size MDCG 2019-8 gives the card: 85.60 x 53.98 mm. */
export const CARD_SIZE: readonly [number, number] = [85.6 * MM, 53.98 * MM];
const PAPER: Record<ImplantCardPaper, 'LETTER' | 'A4'> = { letter: 'LETTER', a4: 'A4' };

/** MM-DD-YYYY, as the rest of the app shows dates. */
const usDate = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;
const clinicLine = (card: ImplantCardDocument) => [card.clinic.name, [card.clinic.city, card.clinic.state].filter(Boolean).join(', ')].filter(Boolean).join(', ');

const PAD = 8;
const SYMBOL = 11;
const TEXT_X = PAD + SYMBOL + 4;

interface Row {
  symbol: SymbolName | null;
  /** A lay reader's word for the field, before its value. */
  label: string;
  value: string;
  bold?: boolean;
  size?: number;
  lines?: number;
}

/** Rows of symbol, label and value from `y` down the card; each value is held to its lines. */
function drawRows(doc: PdfDocument, rows: Row[], y: number, width: number): void {
  for (const row of rows) {
    const size = row.size ?? 6.5;
    const textWidth = width - TEXT_X - PAD;
    const text = row.label ? `${row.label} ${row.value || '-'}` : row.value || '-';
    doc.font(row.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    const height = Math.min(doc.heightOfString(text, { width: textWidth }), size * 1.2 * (row.lines ?? 1));
    if (row.symbol) drawSymbol(doc as unknown as Pen, row.symbol, PAD, y + Math.max(0, (Math.min(height, SYMBOL) - SYMBOL) / 2), SYMBOL);
    doc.fillColor('#000000').font(row.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    doc.text(text, TEXT_X, y + (SYMBOL - Math.min(height, size * 1.2)) / 2, { width: textWidth, height, ellipsis: true });
    y += Math.max(SYMBOL, height) + 3;
  }
}

/** The card's front: what was implanted (the manufacturer's part of article 18). */
function drawFront(doc: PdfDocument, card: ImplantCardDocument): void {
  const [width] = CARD_SIZE;
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(8).text(IMPLANT_MESSAGES.cardTitle, PAD, PAD, { lineBreak: false });
  doc.fillColor('#444444').font('Helvetica').fontSize(4.8).text(IMPLANT_MESSAGES.cardKeep, PAD, PAD + 10, { width: width - 2 * PAD });
  drawRows(
    doc,
    [
      { symbol: 'medicalDevice', label: '', value: card.deviceName, bold: true, size: 7, lines: 2 },
      { symbol: 'model', label: 'Model', value: card.model },
      { symbol: 'lot', label: 'Lot', value: card.lotNumber },
      { symbol: 'serial', label: 'Serial', value: card.serialNumber },
      { symbol: 'udi', label: '', value: card.udi, size: 5.5, lines: 2 },
      { symbol: 'manufacturer', label: '', value: [card.manufacturerName, card.manufacturerAddress].filter(Boolean).join(', '), size: 5.5, lines: 2 },
    ],
    PAD + 24,
    width,
  );
}

/** The card's back: whom, when, where (the healthcare institution's part). */
function drawBack(doc: PdfDocument, card: ImplantCardDocument): void {
  const [width] = CARD_SIZE;
  drawRows(
    doc,
    [
      { symbol: 'patient', label: 'Patient chart number', value: card.chartNumber },
      { symbol: 'date', label: 'Date of implantation', value: usDate(card.implantedAt) },
      { symbol: 'healthCareCentre', label: '', value: clinicLine(card), lines: 2 },
      { symbol: null, label: 'Site', value: card.site },
      { symbol: 'useBy', label: 'Use by', value: card.expiryDate ? usDate(card.expiryDate) : '' },
      { symbol: null, label: 'UDI-DI', value: card.deviceIdentifier, size: 5.5 },
    ],
    PAD,
    width,
  );
}

/** A part of the page drawn with its origin moved to (x, y). */
function at(doc: PdfDocument, x: number, y: number, draw: () => void): void {
  doc.save();
  doc.translate(x, y);
  draw();
  doc.restore();
}

/** Corner marks just outside a rectangle, where the scissors go. */
function cutMarks(doc: PdfDocument, x: number, y: number, w: number, h: number): void {
  const gap = 3;
  const len = 10;
  doc.save().lineWidth(0.4).strokeColor('#000000');
  for (const [cx, cy, dx, dy] of [[x, y, -1, -1], [x + w, y, 1, -1], [x, y + h, -1, 1], [x + w, y + h, 1, 1]] as const) {
    doc.moveTo(cx + dx * gap, cy).lineTo(cx + dx * (gap + len), cy).stroke();
    doc.moveTo(cx, cy + dy * gap).lineTo(cx, cy + dy * (gap + len)).stroke();
  }
  doc.restore();
}

/** The card as two ID-1 pages, front and back, for a card printer. */
function renderCard(doc: PdfDocument, card: ImplantCardDocument): void {
  drawFront(doc, card);
  doc.addPage({ size: [...CARD_SIZE], margin: 0 });
  drawBack(doc, card);
}

/** A Letter or A4 sheet: front and back side by side, cut marks round them and a fold line between. */
function renderSheet(doc: PdfDocument, card: ImplantCardDocument): void {
  const [width, height] = CARD_SIZE;
  const x = (doc.page.width - 2 * width) / 2;
  const y = 110;
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(14).text(IMPLANT_MESSAGES.cardTitle, x, 50, { lineBreak: false });
  doc.font('Helvetica').fontSize(9).fillColor('#444444').text(IMPLANT_MESSAGES.cardSheetHelp, x, 72, { width: 2 * width });
  doc.save().lineWidth(0.3).strokeColor('#bbbbbb').rect(x, y, 2 * width, height).stroke().restore();
  at(doc, x, y, () => drawFront(doc, card));
  at(doc, x + width, y, () => drawBack(doc, card));
  doc.save().lineWidth(0.5).dash(3, { space: 3 }).strokeColor('#666666').moveTo(x + width, y - 12).lineTo(x + width, y + height + 12).stroke().undash().restore();
  cutMarks(doc, x, y, 2 * width, height);
}

/** The full page kept with the record: one labelled row per field. */
function renderSummary(doc: PdfDocument, card: ImplantCardDocument): void {
  const margin = 50;
  doc.font('Helvetica-Bold').fontSize(20).text(IMPLANT_MESSAGES.cardTitle, margin, margin);
  doc.font('Helvetica').fontSize(9).fillColor('#555555').text(IMPLANT_MESSAGES.cardKeep, margin, margin + 26);
  doc.fillColor('#000000');
  const rows: [string, string][] = [
    ['Device', card.deviceName],
    ['Model', card.model || '-'],
    ['Serial number', card.serialNumber || '-'],
    ['Lot number', card.lotNumber || '-'],
    ['UDI-DI', card.deviceIdentifier],
    ['UDI', card.udi],
    ['Use by', card.expiryDate ? usDate(card.expiryDate) : '-'],
    ['Manufacturer', card.manufacturerName || '-'],
    ['Manufacturer address', card.manufacturerAddress || '-'],
    ['Clinic', clinicLine(card)],
    ['Date of implantation', usDate(card.implantedAt)],
    ['Site', card.site],
    ['Patient chart number', card.chartNumber],
  ];
  let y = margin + 60;
  doc.fontSize(11);
  for (const [label, value] of rows) {
    const height = Math.max(doc.heightOfString(value, { width: 345 }), 14);
    doc.font('Helvetica-Bold').text(label, margin, y, { width: 150 });
    doc.font('Helvetica').text(value, margin + 150, y, { width: 345 });
    y += height + 8;
  }
}

/**
 * The implant card (issue 55): `card`, an ID-1 card's front and back as two pages; `sheet`, both
 * side by side on a Letter or A4 page with cut marks; `summary`, the full page for the record.
 */
export async function renderImplantCardPdf(card: ImplantCardDocument, layout: ImplantCardLayout = 'card', paper: ImplantCardPaper = 'letter'): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  return new Promise((resolve, reject) => {
    const size = layout === 'card' ? [...CARD_SIZE] : PAPER[paper];
    const doc = new PDFDocument({ size, margin: layout === 'card' ? 0 : 50, info: { Title: `${IMPLANT_MESSAGES.cardTitle} ${card.deviceName}`, Author: card.clinic.name, Creator: 'Clinic Inventory' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    if (layout === 'card') renderCard(doc, card);
    else if (layout === 'sheet') renderSheet(doc, card);
    else renderSummary(doc, card);
    doc.end();
  });
}
