import type { NewEmail } from '../mail/mail.writes';

export interface PurchaseOrderEmailInput {
  to: string;
  number: string;
  buyer: { organizationName: string; locationName: string; city: string; state: string };
  supplierName: string;
  orderedBy: string;
  total: number;
  /** The stored PDF, attached when the message goes out. */
  pdfUrl: string;
}

/** The supplier's copy of a purchase order: a short note with the PDF attached. */
export function purchaseOrderEmail(input: PurchaseOrderEmailInput): NewEmail {
  const from = `${input.buyer.organizationName} (${input.buyer.locationName}, ${input.buyer.city}, ${input.buyer.state})`;
  const total = input.total.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  return {
    to: input.to,
    subject: `Purchase order ${input.number} from ${input.buyer.organizationName}`,
    text: `Hello ${input.supplierName},\n\nPlease find attached purchase order ${input.number} from ${from}, total ${total}.\n\nOrdered by ${input.orderedBy}. Reply to this e-mail with any question about the order.`,
    attachments: [{ filename: `${input.number}.pdf`, url: input.pdfUrl, contentType: 'application/pdf' }],
  };
}
