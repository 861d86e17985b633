// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PORTAL_PDF_MESSAGES } from '../../../domain/uploads/messages.ts';
import { PORTAL_PDF_LIMITS } from '../../../domain/uploads/portal-pdf.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok } from '../../testing/dom.tsx';
import { PORTAL_PDF_LINK_TEXT, PortalPdfLink } from './portal-pdf-link.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const HREF = '/api/v1/admin/orders/DOC-48213907/documents/21/portal-pdf';
const OCI = PORTAL_PDF_LIMITS.oci;

describe('PortalPdfLink', () => {
  it('saves the PDF the server made, and says a refusal beside the link instead of opening the JSON', async () => {
    const createObjectURL = vi.fn(() => 'blob:portal');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let calls = 0;
    const api = fakeApi({
      [`GET ${HREF}`]: () => (++calls === 1 ? ok(null) : fail(409, PORTAL_PDF_MESSAGES.oci.pdfOverLimit)),
    });
    render(<PortalPdfLink href={HREF} documentName="passport.pdf" limits={OCI} />);
    const link = screen.getByRole('link', { name: 'Portal PDF (OCI, ≤ 1000 KB), passport.pdf' });
    // A real link before the page's script runs.
    expect(link.getAttribute('href')).toBe(HREF);

    fireEvent.click(link);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Portal PDF (OCI, ≤ 1000 KB), passport.pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PORTAL_PDF_MESSAGES.oci.pdfOverLimit);
    expect(click).toHaveBeenCalledTimes(1);
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET ${HREF}`, `GET ${HREF}`]);
  });

  it('says it is making the PDF while the server works', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => {};
    fakeApi({ [`GET ${HREF}`]: () => new Promise((resolve) => (answer = resolve)) });
    render(<PortalPdfLink href={HREF} documentName="scan.jpg" limits={OCI} />);
    fireEvent.click(screen.getByRole('link', { name: 'Portal PDF (OCI, ≤ 1000 KB), scan.jpg' }));
    const busy = await screen.findByRole('link', { name: `${PORTAL_PDF_LINK_TEXT.making}, scan.jpg` });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    answer(fail(422, PORTAL_PDF_MESSAGES.oci.imageOverLimit));
    expect((await screen.findByRole('alert')).textContent).toBe(PORTAL_PDF_MESSAGES.oci.imageOverLimit);
  });

  it('says the e-Visa portal and its 10 KB–300 KB for an e-Visa order, and its refusal beside the link (decision 0189)', async () => {
    fakeApi({ [`GET ${HREF}`]: () => fail(409, PORTAL_PDF_MESSAGES.eVisa.pdfOverLimit) });
    render(<PortalPdfLink href={HREF} documentName="bio-page.pdf" limits={PORTAL_PDF_LIMITS.eVisa} />);
    const link = screen.getByRole('link', { name: 'Portal PDF (e-Visa, 10 KB–300 KB), bio-page.pdf' });
    // Said on the link itself, not only to a screen reader.
    expect(link.firstChild?.textContent).toBe('Portal PDF (e-Visa, 10 KB–300 KB)');
    fireEvent.click(link);
    expect((await screen.findByRole('alert')).textContent).toBe(PORTAL_PDF_MESSAGES.eVisa.pdfOverLimit);
  });
});
