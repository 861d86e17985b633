import type { CheckoutSnapshot } from './cost-summary.ts';

/** A New OCI Card from the USA for tests: $275 government fee and $19.90 VFS collected, $12 our fee (was $24). */
export const OCI_SNAPSHOT: CheckoutSnapshot = {
  currency: 'USD',
  governmentFeeCents: 275_00,
  mandatoryFees: [{ label: 'VFS Global service fee', amountCents: 19_90 }],
  serviceFeeCents: 12_00,
  compareAtServiceFeeCents: 24_00,
  feesPaidOnPortal: false,
};

/** The 30-day e-Visa from the USA: $25 and its $0.63 bank charge paid on the portal, $12 our fee (was $24). */
export const E_VISA_SNAPSHOT: CheckoutSnapshot = {
  currency: 'USD',
  governmentFeeCents: 25_00,
  mandatoryFees: [{ label: 'Bank charge (2.5%)', amountCents: 63 }],
  serviceFeeCents: 12_00,
  compareAtServiceFeeCents: 24_00,
  feesPaidOnPortal: true,
};
