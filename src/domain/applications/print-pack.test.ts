import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../forms/definition.ts';
import { checklistAnswers, documentChecklist } from './checklist.ts';
import {
  BLANK,
  buildPrintPack,
  canUsePrintPack,
  letterDate,
  MISSION_ADDRESS_MISSING,
  type PackFees,
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
  fees: ALL_IN_THE_ORDER,
  ...overrides,
});

/** A Canadian passport renewal's price: every fee in the order, and no fee note naming a centre. */
const ALL_IN_THE_ORDER: PackFees = {
  governmentFeeCents: 10000,
  mandatoryFees: [{ label: 'ICWF' }, { label: 'BLS International service fee' }],
  feeNote: null,
  centre: 'BLS International',
};

/** A form that asks the parents' names, as the passport form does. */
const PARENTS_FORM: FormDefinition = {
  format: 1,
  id: 'test/parents',
  version: 1,
  title: 'Parents',
  steps: [
    {
      key: 'familyStep',
      title: 'Family',
      sections: [
        {
          key: 'parentsSection',
          title: 'Parents',
          fields: ['fatherName', 'motherName'].map((key) => ({ type: 'short answer' as const, key, label: key })),
        },
      ],
    },
  ],
};

/** The cover's paragraphs. */
const coverParagraphs = (input: PrintPackInput) =>
  (buildPrintPack(input).pages[0]?.blocks ?? []).flatMap((b) => (b.kind === 'paragraph' ? [b.text] : []));

/** A minor's first prepared page (the loss declaration), with their parents' names in the form. */
function minorDeclarationPage(serviceSlug: string, packageSlug: string, answers: Record<string, unknown>) {
  const checklist =
    documentChecklist({
      serviceSlug,
      packageSlug,
      choices: { applyingFrom: 'US' },
      memberKind: 'Minor',
      ...checklistAnswers(answers),
    }) ?? [];
  const pack = buildPrintPack(base({ serviceSlug, country: 'US', answers, checklist, definition: PARENTS_FORM }));
  const page = pack.pages[1];
  const blocks = page?.blocks ?? [];
  return {
    titles: pack.pages.map((p) => p.title),
    text: JSON.stringify(blocks),
    rows: blocks.flatMap((b) => (b.kind === 'fields' ? b.rows.map(([label]) => label) : [])),
    signatures: blocks.flatMap((b) => (b.kind === 'signature' ? [`${b.role}: ${b.name}`] : [])),
    notary: blocks.some((b) => b.kind === 'notary'),
  };
}

/** The names the parents give in the form. */
const PARENTS = { fatherName: 'Ravi Rao', motherName: 'Priya Rao' };

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

  it('prepares Annexure C, not D, for one parent who signs alone, with that parent’s one signature block', () => {
    const packFor = (answers: Record<string, unknown>) => {
      const checklist =
        documentChecklist({
          serviceSlug: 'indian-passport-renewal',
          packageSlug: 'minor',
          choices: { applyingFrom: 'CA' },
          memberKind: 'Minor',
          ...checklistAnswers(answers),
        }) ?? [];
      const pack = buildPrintPack(base({ answers, checklist }));
      const annexure = pack.pages[1];
      const signatures = (annexure?.blocks ?? []).flatMap((b) => (b.kind === 'signature' ? [b.role] : []));
      const cover = pack.pages[0]?.blocks.find((b) => b.kind === 'checklist');
      const coverLabels = cover?.kind === 'checklist' ? cover.items.map((i) => i.label) : [];
      return { titles: pack.pages.map((p) => p.title), signatures, text: JSON.stringify(annexure), coverLabels };
    };
    const ANNEXURE_C = 'Annexure C: declaration by one parent of a minor';

    const widowed = packFor({ parentsSituation: 'widowed' });
    expect(widowed.titles).toEqual(['Your checklist', ANNEXURE_C, 'Mailing label']);
    // The form does not say which parent is living: the name is written by hand, not guessed.
    expect(widowed.signatures).toEqual(['Parent']);
    expect(widowed.text).toContain(
      `I, ${BLANK}, am the parent of ANAYA RAO, who is in my custody, and apply for a passport for my child.`,
    );
    // Where the parent and the child live, and the place it is signed, as the form has them.
    expect(widowed.text).toContain('["Parent’s address",""]');
    expect(widowed.text).toContain('["Place",""]');
    expect(widowed.text).toContain('The child’s other parent has died; the death certificate is enclosed');
    expect(widowed.coverLabels).toEqual(
      expect.arrayContaining(['Annexure C, signed by the parent', 'Death certificate of the other parent']),
    );
    expect(widowed.coverLabels).not.toContain('Second parent’s passport');

    // The form asks which parent is living: that parent is named and signs.
    const living = packFor({ parentsSituation: 'widowed', livingParent: 'mother' });
    expect(living.signatures).toEqual(['Mother']);
    expect(living.text).toContain('am the mother of ANAYA RAO');

    const sole = packFor({ parentsSituation: 'separated', soleCustody: 'yes', custodyParent: 'mother' });
    expect(sole.titles[1]).toBe(ANNEXURE_C);
    expect(sole.signatures).toEqual(['Mother']);
    expect(sole.text).toContain('am the mother of ANAYA RAO');
    expect(sole.text).toContain('I have sole legal custody of my child by the court order enclosed');
    expect(sole.text).not.toContain('Father');

    // A single parent without a custody order writes in why the other parent does not sign.
    const single = packFor({ parentsSituation: 'single', soleCustody: 'no' });
    expect(single.titles[1]).toBe(ANNEXURE_C);
    expect(single.text).toContain(
      `{"kind":"heading","text":"Why the other parent does not sign"},{"kind":"paragraph","text":"${BLANK}"}`,
    );

    const together = packFor({ parentsSituation: 'together' });
    expect(together.titles[1]).toBe('Annexure D: declaration by the parents of a minor');
    expect(together.signatures).toEqual(['Father', 'Mother']);
  });

  it('prepares the OCI Parental Authorization Form for one parent who signs alone, saying why', () => {
    const answers = { parentsSituation: 'separated', soleCustody: 'yes', custodyParent: 'father' };
    const checklist =
      documentChecklist({
        serviceSlug: 'oci-card',
        packageSlug: 'oci-card-for-minor',
        choices: { applyingFrom: 'US' },
        memberKind: 'Minor',
        ...checklistAnswers(answers),
      }) ?? [];
    const pack = buildPrintPack(base({ answers, checklist }));
    const form = pack.pages.find((p) => p.title === 'Parental Authorization Form');
    const signatures = (form?.blocks ?? []).flatMap((b) => (b.kind === 'signature' ? [b.role] : []));
    expect(signatures).toEqual(['Father']);
    const text = JSON.stringify(form);
    expect(text).toContain('the father of ANAYA RAO');
    expect(text).toContain('I have sole legal custody of my child by the court order enclosed');
    expect(text).toContain('{"kind":"notary"}');
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
    const attestation = checklistOf('power-of-attorney', 'property-power-of-attorney');
    expect(attestation.at(-1)?.label).toBe('A prepaid return envelope, addressed to you');
    expect(checklistOf('oci-card', 'new-oci-card').map((i) => i.label)).not.toContain(
      'A prepaid return envelope, addressed to you',
    );
  });

  it('says the fees were paid, and to send no payment, when the order carried every fee', () => {
    expect(coverParagraphs(base())).toContain(
      'Fees: you paid the government fee, ICWF and BLS International service fee with your order (see your receipt). Put no cheque, money order or card form in the envelope unless our team asks you to.',
    );
    const online = coverParagraphs(base({ serviceSlug: 'indian-visa', checklist: [] }));
    expect(online.some((text) => text.startsWith('Fees:'))).toBe(false);
  });

  it('says what is paid at the centre for a file check, whose price carries no consular fee', () => {
    const fileCheck = base({
      serviceSlug: 'visa-application-centre-support',
      serviceName: 'Visa Application Centre Support',
      packageName: 'Consular Appointment and File Check',
      country: 'US',
      checklist: [],
      fees: {
        governmentFeeCents: 0,
        mandatoryFees: [{ label: 'VFS Global service fee' }],
        feeNote: null,
        centre: null,
      },
    });
    const fees = coverParagraphs(fileCheck).find((text) => text.startsWith('Fees:'));
    expect(fees).toBe(
      'Fees: you paid the VFS Global service fee with your order (see your receipt). The consular fee of the service you apply for is not in your order: the mission sets it and you pay it at the application centre. Pay what is not in your order as the application centre asks; we go over it with you when we check your application.',
    );
    expect(fees).not.toContain('government');
    expect(fees).not.toContain(PRINT_PACK_MESSAGES.noPayment);
    // Once the order knows its mission, the centre by name.
    const known = coverParagraphs({ ...fileCheck, fees: { ...fileCheck.fees, centre: 'VFS Global' } });
    expect(known.join(' ')).toContain('you pay it at VFS Global. Pay what is not in your order as VFS Global asks');
  });

  it('passes on, in its own words, a fee note about what the centre charges on top', () => {
    const feeNote =
      'If you hold a passport other than a US one, or have lived in the USA for less than two years, VFS Global adds a $20 reference fee.';
    const oci = base({
      fees: {
        governmentFeeCents: 10000,
        mandatoryFees: [{ label: 'ICWF' }, { label: 'VFS Global service fee' }],
        feeNote,
        centre: null,
      },
    });
    expect(coverParagraphs(oci)).toContain(
      `Fees: you paid the government fee, ICWF and VFS Global service fee with your order (see your receipt). ${feeNote} Pay what is not in your order as VFS Global asks; we go over it with you when we check your application.`,
    );
    // A fee note about the price itself (another booklet, another age) says nothing of the centre.
    const priceNote = base({
      fees: { ...ALL_IN_THE_ORDER, feeNote: 'This price is for an adult; the government fee for a minor is CA$204.' },
    });
    expect(coverParagraphs(priceNote).join(' ')).not.toContain('CA$204');
    expect(coverParagraphs(priceNote).join(' ')).toContain(PRINT_PACK_MESSAGES.noPayment);
  });

  it('asks no police report number of a damaged passport or OCI card, which is handed in instead', () => {
    const declaration = (serviceSlug: string, packageSlug: string, lossKind: 'lost' | 'damaged') => {
      const answers = serviceSlug === 'oci-card' ? { cardLossKind: lossKind } : { passportLossKind: lossKind };
      const checklist =
        documentChecklist({
          serviceSlug,
          packageSlug,
          choices: { applyingFrom: 'US' },
          memberKind: 'Adult',
          lossKind,
        }) ?? [];
      const adult = { ...base().member, kind: 'Adult' as const };
      const page = buildPrintPack(base({ serviceSlug, country: 'US', answers, checklist, member: adult })).pages[1];
      const rows = page?.blocks.flatMap((b) => (b.kind === 'fields' ? b.rows.map(([label]) => label) : [])) ?? [];
      const text = JSON.stringify(page?.blocks);
      const signatures = page?.blocks.flatMap((b) => (b.kind === 'signature' ? [`${b.role}: ${b.name}`] : []));
      return { title: page?.title, police: rows.includes('Police report number'), text, signatures };
    };
    const lostPassport = declaration('indian-passport-renewal', 'lost-or-damaged', 'lost');
    const damagedPassport = declaration('indian-passport-renewal', 'lost-or-damaged', 'damaged');
    expect([lostPassport.title, damagedPassport.title]).toEqual([
      'Annexure F: declaration about a lost or damaged passport',
      'Annexure F: declaration about a lost or damaged passport',
    ]);
    expect([lostPassport.police, damagedPassport.police]).toEqual([true, false]);
    expect(lostPassport.text).toContain(
      'I, ANAYA RAO, declare that the above is true, and that if the passport is found I will return it',
    );
    expect(lostPassport.signatures).toEqual(['Applicant: ANAYA RAO']);
    expect(damagedPassport.text).toContain('I hand in the damaged passport with this application.');
    expect(damagedPassport.text).not.toContain('if the passport is found');

    const lostCard = declaration('oci-card', 'lost-or-damaged-oci', 'lost');
    const damagedCard = declaration('oci-card', 'lost-or-damaged-oci', 'damaged');
    expect([lostCard.title, damagedCard.title]).toEqual([
      'Affidavit: lost or damaged OCI card',
      'Affidavit: lost or damaged OCI card',
    ]);
    expect([lostCard.police, damagedCard.police]).toEqual([true, false]);
    expect(lostCard.text).toContain(
      'I, ANAYA RAO, solemnly affirm that the above is true to the best of my knowledge, and that I will return the card',
    );
    expect(lostCard.signatures).toEqual(['Deponent: ANAYA RAO']);
    expect(damagedCard.text).toContain('the damaged card is enclosed with my application.');
    expect(damagedCard.text).not.toContain('if it is found');
  });

  it('has a minor’s lost OCI card affidavit sworn and signed by the parents, not the child', () => {
    // Sworn before a notary by both parents.
    const lostCard = minorDeclarationPage('oci-card', 'lost-or-damaged-oci', { ...PARENTS, cardLossKind: 'lost' });
    expect(lostCard.titles[1]).toBe('Affidavit: lost or damaged OCI card');
    expect(lostCard.text).toContain(
      'We, RAVI RAO and PRIYA RAO, the parents of ANAYA RAO, a minor, solemnly affirm that the above is true to the best of our knowledge, and that we will return the card to the mission if it is found.',
    );
    expect(lostCard.text).not.toContain('I, ANAYA RAO');
    expect(lostCard.rows).toEqual(expect.arrayContaining(['Minor’s name', 'Father’s name', 'Mother’s name']));
    expect(lostCard.rows).not.toContain('Deponent');
    expect(lostCard.signatures).toEqual(['Father: RAVI RAO', 'Mother: PRIYA RAO']);
    expect(lostCard.notary).toBe(true);

    // The living parent swears alone, saying why the other does not.
    const widowed = minorDeclarationPage('oci-card', 'lost-or-damaged-oci', {
      ...PARENTS,
      cardLossKind: 'damaged',
      parentsSituation: 'widowed',
      livingParent: 'mother',
    });
    expect(widowed.text).toContain(
      'I, PRIYA RAO, the mother of ANAYA RAO, a minor, solemnly affirm that the above is true to the best of my knowledge, and that the damaged card is enclosed with my child’s application.',
    );
    expect(widowed.text).toContain('The child’s other parent has died; the death certificate is enclosed');
    expect(widowed.signatures).toEqual(['Mother: PRIYA RAO']);
  });

  it('has a minor’s Annexure F made and signed by the parents who sign Annexure C or D, not the child', () => {
    // Both parents, who sign Annexure D after it.
    const lostPassport = minorDeclarationPage('indian-passport-renewal', 'lost-or-damaged', {
      ...PARENTS,
      passportLossKind: 'lost',
    });
    expect(lostPassport.titles.slice(1, 3)).toEqual([
      'Annexure F: declaration about a lost or damaged passport',
      'Annexure D: declaration by the parents of a minor',
    ]);
    expect(lostPassport.text).toContain(
      'We, RAVI RAO and PRIYA RAO, the parents of ANAYA RAO, a minor, declare that the above is true, and that if the passport is found we will return it to the nearest passport authority.',
    );
    expect(lostPassport.signatures).toEqual(['Father: RAVI RAO', 'Mother: PRIYA RAO']);
    expect(lostPassport.notary).toBe(false);

    // …or by the one parent who signs Annexure C alone.
    const sole = minorDeclarationPage('indian-passport-renewal', 'lost-or-damaged', {
      ...PARENTS,
      passportLossKind: 'damaged',
      parentsSituation: 'separated',
      soleCustody: 'yes',
      custodyParent: 'father',
    });
    expect(sole.titles[2]).toBe('Annexure C: declaration by one parent of a minor');
    expect(sole.text).toContain(
      'I, RAVI RAO, the father of ANAYA RAO, a minor, declare that the above is true, and I hand in the damaged passport with this application.',
    );
    expect(sole.signatures).toEqual(['Father: RAVI RAO']);
    expect(sole.text).not.toContain('Applicant');
  });

  it('has no mailing label for an e-Visa, filed online only', () => {
    const pack = buildPrintPack(base({ serviceSlug: 'indian-visa', checklist: [] }));
    expect(pack.pages.map((p) => p.title)).toEqual(['Your checklist']);
  });
});

describe('a date on paper', () => {
  it('is one no reader can turn around: a US notary read 10/05/2018 as 5 October', () => {
    expect(letterDate('2018-05-10')).toBe('10 MAY 2018');
    expect(letterDate('2016-09-30')).toBe('30 SEPTEMBER 2016');
    expect(letterDate('not a date')).toBe('not a date');
  });
});
