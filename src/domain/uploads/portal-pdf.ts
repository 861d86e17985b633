import { filingOf } from '../catalog/filing.ts';
import { formatFileSize } from './file-types.ts';

/** The government portals a desk's Portal PDF is made for (decisions 0185-portal-pdf and 0189). */
export type PortalPdfPortal = 'oci' | 'eVisa';

/** What one portal takes as a supporting document's PDF. */
export interface PortalPdfLimits {
  portal: PortalPdfPortal;
  /** The portal as staff know it: the desk's link and the refusals name it. */
  portalName: string;
  /** The smallest file the portal takes, in bytes; 0 when it sets no floor. */
  minBytes: number;
  /** The largest file the portal takes, in bytes. */
  maxBytes: number;
}

/**
 * Each portal's limits, in the binary KB every size on the desk is shown in (formatFileSize):
 * - the OCI portal takes a supporting document as a PDF of at most 1000 KB (catalog-facts.md §1,
 *   upload specs, source K17);
 * - the Indian e-Visa portal takes the passport bio page as a PDF of 10 KB to 300 KB
 *   (catalog-facts.md §4, upload rules, K55, K60, K61).
 */
export const PORTAL_PDF_LIMITS = {
  oci: { portal: 'oci', portalName: 'OCI', minBytes: 0, maxBytes: 1000 * 1024 },
  eVisa: { portal: 'eVisa', portalName: 'e-Visa', minBytes: 10 * 1024, maxBytes: 300 * 1024 },
} as const satisfies Record<PortalPdfPortal, PortalPdfLimits>;

/**
 * The limits an order's Portal PDF is made to, chosen by the order's service (decision 0189): the
 * e-Visa's, filed online on the official portal (filingOf: the one online-only service), or the
 * OCI portal's for every other service, as before that decision. A second online-only service
 * needs its own portal's limits checked before it is given these.
 */
export function portalPdfLimitsOf(serviceSlug: string): PortalPdfLimits {
  return filingOf(serviceSlug) === 'online' ? PORTAL_PDF_LIMITS.eVisa : PORTAL_PDF_LIMITS.oci;
}

/** Whether a file of `bytes` is what the portal takes. */
export function fitsPortalPdfLimits(bytes: number, { minBytes, maxBytes }: PortalPdfLimits): boolean {
  return bytes >= minBytes && bytes <= maxBytes;
}

/** The sizes a portal takes, as staff read them: `≤ 1000 KB`, `10 KB–300 KB`. */
export function portalPdfRange({ minBytes, maxBytes }: PortalPdfLimits): string {
  return minBytes > 0 ? `${formatFileSize(minBytes)}–${formatFileSize(maxBytes)}` : `≤ ${formatFileSize(maxBytes)}`;
}
