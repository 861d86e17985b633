import { filingOf } from '../catalog/filing.ts';

/** The government portals a desk's Portal PDF is made for (decisions 0185-portal-pdf and 0189). */
export type PortalPdfPortal = 'oci' | 'eVisa';

/** What one portal takes as a supporting document's PDF. */
export interface PortalPdfLimits {
  portal: PortalPdfPortal;
  /** The portal as staff know it: the desk's link and the refusals name it. */
  portalName: string;
  /**
   * The limits in the portal's own words, its KB: what staff read (the desk's link, the refusals,
   * the route's summary). `minKb` 0 when it sets no floor. Never worked out from the bytes below.
   */
  stated: { minKb: number; maxKb: number };
  /** The smallest file taken, in bytes: the stated floor in binary KB, the larger reading. 0 for no floor. */
  minBytes: number;
  /** The largest file taken, in bytes: the stated ceiling in decimal KB, the smaller reading. */
  maxBytes: number;
}

/** A KB as 1000 bytes and as 1024: which one a portal counts in is not known (decision 0189). */
const DECIMAL_KB = 1000;
const BINARY_KB = 1024;

/**
 * A portal's limits as it states them, and the bytes every reading of its KB accepts (decision
 * 0189, "Later (session 71)"): the floor in binary KB (10 KB = 10,240 bytes), the ceiling in decimal
 * KB (300 KB = 300,000 bytes). A file the portal refuses costs the customer a failed upload; one we
 * refuse only costs staff asking for another scan.
 */
function statedLimits(portal: PortalPdfPortal, portalName: string, minKb: number, maxKb: number): PortalPdfLimits {
  return { portal, portalName, stated: { minKb, maxKb }, minBytes: minKb * BINARY_KB, maxBytes: maxKb * DECIMAL_KB };
}

/**
 * Each portal's limits:
 * - the OCI portal takes a supporting document as a PDF of at most 1000 KB (catalog-facts.md §1,
 *   upload specs, source K17): at most 1,000,000 bytes;
 * - the Indian e-Visa portal takes the passport bio page as a PDF of 10 KB to 300 KB
 *   (catalog-facts.md §4, upload rules, K55, K60, K61): 10,240 to 300,000 bytes.
 */
export const PORTAL_PDF_LIMITS = {
  oci: statedLimits('oci', 'OCI', 0, 1000),
  eVisa: statedLimits('eVisa', 'e-Visa', 10, 300),
} as const satisfies Record<PortalPdfPortal, PortalPdfLimits>;

/**
 * Services whose documents no portal takes: a power of attorney or other civil document is signed
 * before a notary and attested (or apostilled) on paper, by post or in person (catalog-facts.md
 * §5); a passport renewal goes to the outsourcing centre as the original passport with copies of
 * its pages, by post or in person (§2: its online form takes no upload, unlike the OCI's "online
 * form + uploads"). Their order desk offers no Portal PDF: a walk found "Portal PDF (OCI, ≤ 1000
 * KB)" on each, and a 7-page passport copy told staff to ask for a smaller scan (decision 0196).
 */
const SERVICES_WITHOUT_PORTAL: ReadonlySet<string> = new Set(['power-of-attorney', 'indian-passport-renewal']);

/**
 * The limits an order's Portal PDF is made to, chosen by the order's service (decision 0189): the
 * e-Visa's, filed online on the official portal (filingOf: the one online-only service), none for
 * a service filed on paper only, or the OCI portal's for every other service, as before that
 * decision. A second online-only service needs its own portal's limits checked before it is given
 * these.
 */
export function portalPdfLimitsOf(serviceSlug: string): PortalPdfLimits | null {
  if (SERVICES_WITHOUT_PORTAL.has(serviceSlug)) return null;
  return filingOf(serviceSlug) === 'online' ? PORTAL_PDF_LIMITS.eVisa : PORTAL_PDF_LIMITS.oci;
}

/** Whether a file of `bytes` is what the portal takes. */
export function fitsPortalPdfLimits(bytes: number, { minBytes, maxBytes }: PortalPdfLimits): boolean {
  return bytes >= minBytes && bytes <= maxBytes;
}

/**
 * The sizes a portal takes, as it states them and staff read them: `≤ 1000 KB`, `10 KB–300 KB`.
 * From `stated`, not the bytes: formatFileSize(1,000,000) would say "977 KB".
 */
export function portalPdfRange({ stated: { minKb, maxKb } }: PortalPdfLimits): string {
  return minKb > 0 ? `${minKb} KB–${maxKb} KB` : `≤ ${maxKb} KB`;
}
