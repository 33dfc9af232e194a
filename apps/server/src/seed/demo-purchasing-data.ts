/**
 * Demo purchasing for Downtown: an open running list, and orders of the past months, two of them
 * received as lots the demo stock already holds, one still on its way. Plain data only.
 */

export interface DemoOrderLine {
  /** Equals one DemoProduct.name. */
  product: string;
  quantity: number;
  price: number;
  highPriority?: boolean;
  /** The demo stock lot this line arrived as (received lines only). */
  receivedLot?: string;
}

export interface DemoRunningList {
  /** Equals one demo supplier's name. */
  supplier: string;
  createdDaysAgo: number;
  /** Set for lists a purchase order was generated from. */
  orderedDaysAgo?: number;
  lines: DemoOrderLine[];
}

export const DEMO_RUNNING_LISTS: DemoRunningList[] = [
  {
    supplier: 'Patterson Dental',
    createdDaysAgo: 68,
    orderedDaysAgo: 63,
    lines: [{ product: 'Cook-Waite Lidocaine HCl 2% with Epinephrine 1:100000', quantity: 2, price: 63, receivedLot: 'LC25A088' }],
  },
  {
    supplier: 'Henry Schein Dental',
    createdDaysAgo: 58,
    orderedDaysAgo: 53,
    lines: [{ product: 'Evolve 300 Nitrile Exam Gloves Small (Box of 300)', quantity: 10, price: 19.9, receivedLot: 'CRN-25-0214' }],
  },
  {
    supplier: 'Allergan Aesthetics',
    createdDaysAgo: 6,
    orderedDaysAgo: 3,
    lines: [
      { product: 'Botox Cosmetic onabotulinumtoxinA 100 Units Vial', quantity: 4, price: 636 },
      { product: 'Juvederm Ultra Plus XC 1 ml (Box of 2 Syringes)', quantity: 2, price: 720 },
    ],
  },
  {
    supplier: 'Henry Schein Dental',
    createdDaysAgo: 2,
    lines: [
      { product: 'Scandonest 3% Plain Mepivacaine', quantity: 1, price: 49, highPriority: true },
      { product: 'Septoject XL Dental Needles 30 ga Short (Box of 100)', quantity: 2, price: 17.25 },
      { product: 'Cook-Waite Lidocaine HCl 2% with Epinephrine 1:100000', quantity: 2, price: 60 },
    ],
  },
];

/** Request Product (issue 39): the hygienist asked for more needles; they are on the open Henry Schein list already, so that line grows and turns high priority. */
export const DEMO_PRODUCT_REQUEST = {
  product: 'Septoject XL Dental Needles 30 ga Short (Box of 100)',
  quantity: 1,
  urgency: 'this_week' as const,
  note: 'Down to the last box in operatory 2',
};
