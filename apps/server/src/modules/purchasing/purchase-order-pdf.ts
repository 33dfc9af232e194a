import { lazy } from '../../core/lazy';

/** PDFKit, loaded with the first document (core/lazy.ts). */
const loadPdfKit = lazy(async () => (await import('pdfkit')).default);

export interface PurchaseOrderDocument {
  number: string;
  /** ISO date of the order. */
  date: string;
  buyer: { organizationName: string; locationName: string; city: string; state: string; orderedBy: string };
  supplier: { name: string; address: string; contactEmail: string; contactPhone: string };
  lines: { productName: string; quantity: number; price: number; total: number; highPriority: boolean }[];
  total: number;
}

const MARGIN = 50;
const PAGE_BOTTOM = 760;
const COLUMNS = { item: MARGIN, quantity: 340, price: 400, total: 480 } as const;

const money = (value: number) => `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** MM-DD-YYYY, as the rest of the app shows dates. */
const usDate = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;

function tableHeader(doc: PDFKit.PDFDocument, y: number): number {
  doc.font('Helvetica-Bold').fontSize(9);
  doc.text('Item', COLUMNS.item, y);
  doc.text('Qty', COLUMNS.quantity, y, { width: 50, align: 'right' });
  doc.text('Price', COLUMNS.price, y, { width: 70, align: 'right' });
  doc.text('Total', COLUMNS.total, y, { width: 65, align: 'right' });
  doc.moveTo(MARGIN, y + 14).lineTo(545, y + 14).lineWidth(0.5).stroke();
  doc.font('Helvetica');
  return y + 20;
}

/** The purchase order a supplier receives: letterhead, supplier, one row per product, the total. */
export async function renderPurchaseOrderPdf(order: PurchaseOrderDocument): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, info: { Title: `Purchase Order ${order.number}`, Author: order.buyer.organizationName, Creator: 'Clinic Inventory' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(20).text('Purchase Order', MARGIN, MARGIN);
    doc.font('Helvetica').fontSize(10).text(`${order.number}  ·  ${usDate(order.date)}`, MARGIN, MARGIN + 26);

    const top = MARGIN + 60;
    doc.font('Helvetica-Bold').fontSize(10).text('From', MARGIN, top);
    doc.font('Helvetica').text(order.buyer.organizationName, MARGIN, top + 14);
    doc.text(`${order.buyer.locationName}, ${order.buyer.city}, ${order.buyer.state}`);
    doc.text(`Ordered by ${order.buyer.orderedBy}`);

    doc.font('Helvetica-Bold').text('To', 320, top);
    doc.font('Helvetica').text(order.supplier.name, 320, top + 14, { width: 225 });
    if (order.supplier.address) doc.text(order.supplier.address, { width: 225 });
    doc.text(order.supplier.contactEmail, { width: 225 });
    doc.text(order.supplier.contactPhone, { width: 225 });

    let y = tableHeader(doc, top + 100);
    doc.fontSize(9);
    for (const line of order.lines) {
      const name = line.highPriority ? `${line.productName}  (high priority)` : line.productName;
      const height = doc.heightOfString(name, { width: 280 });
      if (y + height > PAGE_BOTTOM) {
        doc.addPage();
        y = tableHeader(doc, MARGIN);
        doc.fontSize(9);
      }
      doc.text(name, COLUMNS.item, y, { width: 280 });
      doc.text(String(line.quantity), COLUMNS.quantity, y, { width: 50, align: 'right' });
      doc.text(money(line.price), COLUMNS.price, y, { width: 70, align: 'right' });
      doc.text(money(line.total), COLUMNS.total, y, { width: 65, align: 'right' });
      y += Math.max(height, 12) + 6;
    }

    if (y + 30 > PAGE_BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
    doc.moveTo(MARGIN, y).lineTo(545, y).lineWidth(0.5).stroke();
    doc.font('Helvetica-Bold').fontSize(11).text('Total', COLUMNS.price, y + 8, { width: 70, align: 'right' });
    doc.text(money(order.total), COLUMNS.total, y + 8, { width: 65, align: 'right' });
    doc.font('Helvetica').fontSize(8).fillColor('#555555').text('Quantities are in containers; prices are per container, in US dollars.', MARGIN, y + 34);
    doc.end();
  });
}
