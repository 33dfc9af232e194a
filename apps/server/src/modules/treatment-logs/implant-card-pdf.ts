import { lazy } from '../../core/lazy';
import { IMPLANT_MESSAGES } from '@clinic/domain';

/** PDFKit, loaded with the first document (core/lazy.ts). */
const loadPdfKit = lazy(async () => (await import('pdfkit')).default);

/** What an implant card says (EU MDR article 18(1)(a) and (b), with the clinic and the patient). */
export interface ImplantCardDocument {
  deviceName: string;
  /** The model: the brand as the catalog knows it. */
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

const MARGIN = 50;
const LABEL_WIDTH = 150;
const VALUE_WIDTH = 345;

/** MM-DD-YYYY, as the rest of the app shows dates. */
const usDate = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;

/** The printable card a patient keeps: one labelled row per field, the UDI as text. */
export async function renderImplantCardPdf(card: ImplantCardDocument): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, info: { Title: `${IMPLANT_MESSAGES.cardTitle} ${card.deviceName}`, Author: card.clinic.name, Creator: 'Clinic Inventory' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(20).text(IMPLANT_MESSAGES.cardTitle, MARGIN, MARGIN);
    doc.font('Helvetica').fontSize(9).fillColor('#555555').text('Keep this card and show it to any healthcare professional who treats you.', MARGIN, MARGIN + 26);
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
      ['Clinic', [card.clinic.name, [card.clinic.city, card.clinic.state].filter(Boolean).join(', ')].filter(Boolean).join(', ')],
      ['Date of implantation', usDate(card.implantedAt)],
      ['Site', card.site],
      ['Patient chart number', card.chartNumber],
    ];
    let y = MARGIN + 60;
    doc.fontSize(11);
    for (const [label, value] of rows) {
      const height = Math.max(doc.heightOfString(value, { width: VALUE_WIDTH }), 14);
      doc.font('Helvetica-Bold').text(label, MARGIN, y, { width: LABEL_WIDTH });
      doc.font('Helvetica').text(value, MARGIN + LABEL_WIDTH, y, { width: VALUE_WIDTH });
      y += height + 8;
    }
    doc.end();
  });
}
