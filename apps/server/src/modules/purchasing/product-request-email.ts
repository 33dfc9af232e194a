import { PRODUCT_REQUEST_URGENCY_LABELS, type ProductRequestUrgency } from '@clinic/domain';
import type { NewEmail } from '../mail/mail.writes';

export interface ProductRequestEmailInput {
  to: string;
  requesterName: string;
  locationName: string;
  productName: string;
  quantity: number;
  urgency: ProductRequestUrgency;
  note: string;
  /** Null: no vendor could take it, an admin is to choose one (issue 50). */
  supplierName: string | null;
  /** The running list page the request went on; the running lists page when it has no supplier. */
  link: string;
}

/** To the location's admins: someone asked for a product, and where the request went. */
export function productRequestEmail(input: ProductRequestEmailInput): NewEmail {
  const urgency = PRODUCT_REQUEST_URGENCY_LABELS[input.urgency];
  const containers = `${String(input.quantity)} ${input.quantity === 1 ? 'container' : 'containers'}`;
  const note = input.note ? `\n\nNote: ${input.note}` : '';
  const where =
    input.supplierName === null
      ? `No vendor offers it in stock and it was never bought here: choose its supplier under Requests without a supplier:\n${input.link}`
      : `It is on the running list of ${input.supplierName} as a high-priority line, ready to order:\n${input.link}`;
  return {
    to: input.to,
    subject: `${urgency === 'Urgent' ? 'Urgent: ' : ''}${input.requesterName} requested ${input.productName}`,
    text: `${input.requesterName} at ${input.locationName} asked for ${containers} of ${input.productName} (${urgency.toLowerCase()}).${note}\n\n${where}`,
  };
}
