import { describe, expect, it } from 'vitest';
import { PORTAL_PDF_MESSAGES, storedPdfRefusal } from './messages.ts';
import { fitsPortalPdfLimits, PORTAL_PDF_LIMITS, portalPdfLimitsOf, portalPdfRange } from './portal-pdf.ts';

describe('the Portal PDF’s limits, by the order’s portal (decision 0189)', () => {
  it('are the e-Visa portal’s for the e-Visa, none for a power of attorney, the OCI portal’s for every other service', () => {
    expect(portalPdfLimitsOf('indian-visa')).toEqual({
      portal: 'eVisa',
      portalName: 'e-Visa',
      stated: { minKb: 10, maxKb: 300 },
      minBytes: 10_240,
      maxBytes: 300_000,
    });
    for (const slug of ['oci-card', 'renunciation-of-indian-passport', 'visa-application-centre-support']) {
      expect(portalPdfLimitsOf(slug), slug).toBe(PORTAL_PDF_LIMITS.oci);
    }
    // Signed before a notary and attested or apostilled on paper: no portal takes its documents.
    expect(portalPdfLimitsOf('power-of-attorney')).toBeNull();
    // The original passport and copies of its pages, by post or in person: no portal, no OCI limit.
    expect(portalPdfLimitsOf('indian-passport-renewal')).toBeNull();
    expect(PORTAL_PDF_LIMITS.oci).toEqual({
      portal: 'oci',
      portalName: 'OCI',
      stated: { minKb: 0, maxKb: 1000 },
      minBytes: 0,
      maxBytes: 1_000_000,
    });
  });

  it('take a file from the floor to the ceiling, both included, in bytes every reading of the portal’s KB takes', () => {
    const eVisa = PORTAL_PDF_LIMITS.eVisa;
    // The floor in binary KB: 10 KB is 10,240 bytes, so a portal counting 1024 or 1000 takes it.
    expect(fitsPortalPdfLimits(10_239, eVisa)).toBe(false);
    expect(fitsPortalPdfLimits(10_240, eVisa)).toBe(true);
    // The ceiling in decimal KB: 300 KB is 300,000 bytes, under 300 × 1024 too.
    expect(fitsPortalPdfLimits(300_000, eVisa)).toBe(true);
    expect(fitsPortalPdfLimits(300_001, eVisa)).toBe(false);
    expect(fitsPortalPdfLimits(300 * 1024, eVisa)).toBe(false);
    expect(fitsPortalPdfLimits(1, PORTAL_PDF_LIMITS.oci)).toBe(true);
    expect(fitsPortalPdfLimits(1_000_000, PORTAL_PDF_LIMITS.oci)).toBe(true);
    expect(fitsPortalPdfLimits(1_000_001, PORTAL_PDF_LIMITS.oci)).toBe(false);
    expect(fitsPortalPdfLimits(1000 * 1024, PORTAL_PDF_LIMITS.oci)).toBe(false);
  });

  it('are said to staff as the portal states them, in the refusals too, not as the bytes checked would format', () => {
    expect(portalPdfRange(PORTAL_PDF_LIMITS.oci)).toBe('≤ 1000 KB');
    expect(portalPdfRange(PORTAL_PDF_LIMITS.eVisa)).toBe('10 KB–300 KB');
    expect(PORTAL_PDF_MESSAGES).toEqual({
      oci: {
        pdfOverLimit: 'This PDF is over 1000 KB; the OCI portal will refuse it. Ask the customer for a smaller scan.',
        imageOverLimit:
          'This image stays over 1000 KB as a PDF even at its smallest size and quality; the OCI portal will refuse it. Ask the customer for a plainer photo or a scan of the page.',
      },
      eVisa: {
        pdfOverLimit:
          'This PDF is over 300 KB; the e-Visa portal will refuse it (it takes 10 KB–300 KB). Ask the customer for a smaller scan.',
        imageOverLimit:
          'This image stays over 300 KB as a PDF even at its smallest size and quality; the e-Visa portal will refuse it (it takes 10 KB–300 KB). Ask the customer for a plainer photo or a scan of the page.',
        pdfUnderLimit:
          'This PDF is under 10 KB; the e-Visa portal will refuse it (it takes 10 KB–300 KB). Ask the customer for a clear scan of the whole page.',
        imageUnderLimit:
          'This image stays under 10 KB as a PDF even at its largest size and best quality, so it is all but blank; the e-Visa portal will refuse it (it takes 10 KB–300 KB). Ask the customer for a clear photo or scan of the whole page.',
      },
    });
  });

  it('refuse a stored PDF by its bytes alone, over the ceiling or under the floor, in the refusals’ words', () => {
    const eVisa = PORTAL_PDF_LIMITS.eVisa;
    expect(storedPdfRefusal(10_239, eVisa)).toBe(PORTAL_PDF_MESSAGES.eVisa.pdfUnderLimit);
    expect(storedPdfRefusal(10_240, eVisa)).toBeNull();
    expect(storedPdfRefusal(300_000, eVisa)).toBeNull();
    expect(storedPdfRefusal(300_001, eVisa)).toBe(PORTAL_PDF_MESSAGES.eVisa.pdfOverLimit);
    expect(storedPdfRefusal(1, PORTAL_PDF_LIMITS.oci)).toBeNull();
    expect(storedPdfRefusal(1_000_001, PORTAL_PDF_LIMITS.oci)).toBe(PORTAL_PDF_MESSAGES.oci.pdfOverLimit);
  });
});
