import { setDelivery } from '../../lib/outbox/outbox-delivery';

/**
 * Tells the outbox how each kind is sent. The sending code (the features' requests, the chair's
 * recordings) loads only when the sender first runs, after the page has rendered.
 */
export function setUpOutbox(): void {
  setDelivery(() => import('./deliver-entry').then(({ deliverEntry }) => deliverEntry));
}
