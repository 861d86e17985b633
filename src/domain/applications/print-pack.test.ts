import { describe, expect, it } from 'vitest';
import { documentChecklist } from './checklist.ts';
import {
  BLANK,
  buildPrintPack,
  canUsePrintPack,
  MISSION_ADDRESS_MISSING,
  PRINT_PACK_MESSAGES,
  type PrintPackInput,
  paperSizeFor,
} from './print-pack.ts';

const base = (overrides: Partial<PrintPackInput> = {}): PrintPackInput => ({
  orderDisplayId: 'DOC-12345678',
  serviceSlug: 'indian-passport-renewal',
  serviceName: 'Indian Passport Renewal',
  packageName: 'Minor',
  country: 'CA',
  member: { fullName: 'Anaya Rao', kind: 'Minor', dateOfBirth: '2019-02-03' },
  definition: null,
  answers: {},
  checklist:
    documentChecklist({
      serviceSlug: 'indian-passport-renewal',
      packageSlug: 'minor',
      choices: { applyingFrom: 'CA' },
      memberKind: 'Minor',
    }) ?? [],
  missionAddress: null,
  orderStatus: 'Submitted',
  ...overrides,
});

describe('the print pack', () => {
  it('is offered once paid, until refunded or cancelled', () => {
    expect(canUsePrintPack('Payment pending')).toBe(false);
    expect(canUsePrintPack('Forms incomplete')).toBe(true);
    expect(canUsePrintPack('Completed')).toBe(true);
    expect(canUsePrintPack('Refunded')).toBe(false);
    expect(canUsePrintPack('Cancelled')).toBe(false);
  });

  it('says first, on its cover, to wait until the application is complete and checked', () => {
    const cover = (orderStatus: string, serviceSlug = 'indian-passport-renewal') =>
      buildPrintPack(base({ orderStatus, serviceSlug })).pages[0]?.blocks[0];
    expect(cover('Forms incomplete')).toEqual({ kind: 'notice', text: PRINT_PACK_MESSAGES.notComplete('post') });
    expect(PRINT_PACK_MESSAGES.notComplete('post')).toBe(
      'Not ready to post yet: your application is not complete. Your order page lists what is still needed; post nothing until our team has checked it with you.',
    );
    for (const status of ['Order pending', 'In review']) {
      expect(cover(status)).toEqual({ kind: 'notice', text: PRINT_PACK_MESSAGES.notChecked('post') });
    }
    expect(cover('In review', 'indian-visa')).toEqual({
      kind: 'notice',
      text: PRINT_PACK_MESSAGES.notChecked('submit'),
    });
    for (const status of ['Submitted', 'Approved', 'Completed']) expect(cover(status)?.kind).toBe('fields');
  });

  it('prints on Letter in the USA and Canada, A4 elsewhere', () => {
    expect(paperSizeFor('US')).toBe('letter');
    expect(paperSizeFor('CA')).toBe('letter');
    expect(paperSizeFor('IN')).toBe('a4');
    expect(paperSizeFor(null)).toBe('a4');
  });

  it('prepares a minor’s Annexure D with both parents’ signature blocks and blanks for unanswered questions', () => {
    const pack = buildPrintPack(base());
    expect(pack.pages.map((p) => p.title)).toEqual([
      'Your checklist',
      'Annexure D: declaration by the parents of a minor',
      'Mailing label',
    ]);
    const annexure = pack.pages[1]?.blocks ?? [];
    expect(annexure.filter((b) => b.kind === 'signature').map((b) => b.kind === 'signature' && b.role)).toEqual([
      'Father',
      'Mother',
    ]);
    // Annexure D is signed, not sworn: no notary.
    expect(annexure.some((b) => b.kind === 'notary')).toBe(false);
    expect(JSON.stringify(annexure)).toContain(`We, ${BLANK} and ${BLANK}, are the parents of ANAYA RAO`);
    expect(pack.pages[2]?.blocks).toContainEqual({
      kind: 'label',
      heading: 'To',
      lines: [],
      missing: MISSION_ADDRESS_MISSING,
    });
  });

  it('addresses the label to the mission once the order knows it', () => {
    const missionAddress = ['Consulate General of India', '365 Bloor Street East', 'Toronto, ON M4W 3L4'];
    const pack = buildPrintPack(base({ missionAddress }));
    expect(pack.pages.at(-1)?.blocks).toContainEqual({ kind: 'label', heading: 'To', lines: missionAddress });
  });

  it('says what goes in the envelope: originals with their copies, photo prints, and for attestation a return envelope', () => {
    const checklistOf = (serviceSlug: string, packageSlug: string, memberKind: 'Adult' | 'Minor' = 'Adult') => {
      const checklist =
        documentChecklist({ serviceSlug, packageSlug, choices: { applyingFrom: 'US' }, memberKind }) ?? [];
      const cover = buildPrintPack(base({ serviceSlug, checklist, member: { ...base().member, kind: memberKind } }));
      const block = cover.pages[0]?.blocks.find((b) => b.kind === 'checklist');
      return block?.kind === 'checklist' ? block.items : [];
    };
    expect(checklistOf('indian-passport-renewal', 'adult-36-pages')).toEqual(
      expect.arrayContaining([
        {
          label: 'Current Indian passport',
          note: 'The original passport, with copies of its first five and last two pages.',
        },
        { label: 'Photo', note: 'Two 2 × 2 in prints of the photo, on a white background.' },
      ]),
    );
    expect(checklistOf('renunciation-of-indian-passport', 'surrender-certificate-from-june-2010')).toContainEqual({
      label: 'Your last Indian passport',
      note: 'The original passport, with a copy of every page.',
    });
    expect(checklistOf('oci-card', 'new-oci-card')).toContainEqual({
      label: 'Photo',
      note: 'A 2 × 2 in print of the photo, on a plain light background.',
    });
    const cover = buildPrintPack(base()).pages[0]?.blocks ?? [];
    expect(cover).toContainEqual({ kind: 'paragraph', text: PRINT_PACK_MESSAGES.fees });
    const online = buildPrintPack(base({ serviceSlug: 'indian-visa', checklist: [] })).pages[0]?.blocks ?? [];
    expect(online).not.toContainEqual({ kind: 'paragraph', text: PRINT_PACK_MESSAGES.fees });
    const attestation = checklistOf('power-of-attorney', 'property-power-of-attorney');
    expect(attestation.at(-1)?.label).toBe('A prepaid return envelope, addressed to you');
    expect(checklistOf('oci-card', 'new-oci-card').map((i) => i.label)).not.toContain(
      'A prepaid return envelope, addressed to you',
    );
  });

  it('has no mailing label for an e-Visa, filed online only', () => {
    const pack = buildPrintPack(base({ serviceSlug: 'indian-visa', checklist: [] }));
    expect(pack.pages.map((p) => p.title)).toEqual(['Your checklist']);
  });
});
