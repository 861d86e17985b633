import { describe, expect, it } from 'vitest';
import { DOCUMENT_UPLOAD, PHOTO_UPLOAD } from '../uploads/file-types.ts';
import {
  CHECKLIST_ANSWER_KEYS,
  type ChecklistInput,
  type ChecklistItem,
  checklistAnswers,
  checklistItemOfUpload,
  documentChecklist,
  dueWhen,
  givesThumbImpression,
} from './checklist.ts';

function checklist(input: ChecklistInput) {
  const items = documentChecklist(input);
  if (!items) throw new Error(`no checklist for ${input.serviceSlug}/${input.packageSlug}`);
  return items;
}
const ids = (input: ChecklistInput) => checklist(input).map((item) => item.id);
const item = (input: ChecklistInput, id: string) => checklist(input).find((i) => i.id === id);
const required = (input: ChecklistInput) =>
  checklist(input)
    .filter((i) => i.required)
    .map((i) => i.id);

/** Inputs for one service: an adult applying from the USA unless `extra` says otherwise. */
const inputsFor =
  (serviceSlug: string) =>
  (packageSlug: string, extra: Partial<ChecklistInput> = {}): ChecklistInput => ({
    serviceSlug,
    packageSlug,
    choices: { applyingFrom: 'US' },
    memberKind: 'Adult',
    ...extra,
  });
const oci = inputsFor('oci-card');

describe('OCI card checklists', () => {
  it('an adult signs; a minor gives a thumb impression and brings the parents’ papers', () => {
    const adult = ids(oci('new-oci-card'));
    expect(adult).toContain('signature');
    expect(adult).not.toContain('thumb-impression');
    expect(adult).not.toContain('parent-passport-1');

    const minor = ids(oci('new-oci-card', { memberKind: 'Minor' }));
    expect(minor).toContain('thumb-impression');
    expect(minor).not.toContain('signature');
    for (const id of ['parent-passport-1', 'parent-passport-2', 'birth-certificate', 'parents-marriage-certificate']) {
      expect(required(oci('new-oci-card', { memberKind: 'Minor' })), id).toContain(id);
    }
  });

  it('the minor package lists the minor’s documents whatever the member kind says', () => {
    expect(ids(oci('oci-card-for-minor', { memberKind: 'Adult' }))).toEqual(
      ids(oci('new-oci-card', { memberKind: 'Minor' })),
    );
  });

  it('asks a former Indian citizen for the renunciation certificate, and no one else', () => {
    expect(item(oci('new-oci-card', { formerIndianCitizen: true }), 'renunciation-certificate')?.required).toBe(true);
    expect(ids(oci('new-oci-card', { formerIndianCitizen: false }))).not.toContain('renunciation-certificate');
    const unknown = item(oci('new-oci-card'), 'renunciation-certificate');
    expect(unknown).toMatchObject({ required: false, hint: 'Needed only if you were ever an Indian citizen.' });
  });

  it('in Canada wants the surrender certificate itself, finished before the OCI application', () => {
    const canada = item(
      oci('new-oci-card', { choices: { applyingFrom: 'CA' }, formerIndianCitizen: true }),
      'renunciation-certificate',
    );
    expect(canada).toMatchObject({
      label: 'Surrender certificate of your Indian passport',
      hint: 'In Canada the surrender must be complete before you apply.',
    });
    expect(item(oci('new-oci-card', { formerIndianCitizen: true }), 'renunciation-certificate')?.label).toBe(
      'Surrender or renunciation certificate, or your cancelled Indian passport',
    );
  });

  it('names the applicant on the proof of address, which a family shares: a child’s may be a parent’s', () => {
    expect(item(oci('new-oci-card', { memberKind: 'Minor' }), 'address-proof')?.hint).toBe(
      'A US driver’s licence, state ID, utility bill, bank statement or lease in the applicant’s name (a child’s may be in a parent’s name).',
    );
    expect(item(oci('new-oci-card', { choices: { applyingFrom: 'CA' } }), 'address-proof')?.hint).toBe(
      'A Canadian driver’s licence, utility bill, bank statement or lease in the applicant’s name (a child’s may be in a parent’s name).',
    );
  });

  it('re-issue and replacement ask for their own papers', () => {
    expect(required(oci('oci-reissue'))).toEqual(
      expect.arrayContaining(['new-foreign-passport', 'existing-oci-card', 'address-proof', 'photo', 'signature']),
    );
    expect(item(oci('oci-reissue'), 'name-change-affidavit')?.required).toBe(false);
    expect(required(oci('lost-or-damaged-oci', { lossKind: 'stolen' }))).toEqual(
      expect.arrayContaining(['police-report', 'loss-affidavit', 'foreign-passport']),
    );
  });

  it('asks a spouse of an Indian citizen for the registered marriage and the spouse’s papers, not their own Indian origin', () => {
    const spouse = oci('new-oci-card', checklistAnswers({ eligibility: 'spouse' }));
    expect(required(spouse)).toEqual(expect.arrayContaining(['marriage-certificate', 'spouse-indian-document']));
    expect(ids(spouse)).not.toContain('indian-origin-proof');
    expect(item(spouse, 'marriage-certificate')).toMatchObject({
      label: 'Marriage certificate',
      hint: 'The certificate of your registered marriage. The marriage must have lasted at least two years when you apply.',
    });
    expect(item(spouse, 'spouse-indian-document')?.label).toBe('Your spouse’s Indian passport or OCI card');
    expect(checklistAnswers({ eligibility: 'spouse' })).toEqual({ formerIndianCitizen: false, spouseOfIndian: true });
    // Their own or a forebear's Indian papers for everyone else, and until the form says.
    for (const answers of [{ eligibility: 'former-citizen' }, { eligibility: 'descendant' }, {}]) {
      const list = oci('new-oci-card', checklistAnswers(answers));
      expect(required(list), JSON.stringify(answers)).toContain('indian-origin-proof');
      expect(ids(list), JSON.stringify(answers)).not.toContain('marriage-certificate');
    }
    // A child's link to India is a parent's, whatever an answer left over says.
    const child = oci('oci-card-for-minor', { memberKind: 'Minor', spouseOfIndian: true });
    expect(ids(child)).toContain('indian-origin-proof');
    expect(ids(child)).not.toContain('spouse-indian-document');
  });

  it('asks a re-issue for a new name for the paper that changed it: the marriage certificate after a marriage', () => {
    const reissue = (answers: Record<string, unknown>) => oci('oci-reissue', checklistAnswers(answers));
    const proof = (answers: Record<string, unknown>) => item(reissue(answers), 'name-change-proof');
    expect(proof({ reissueReasons: ['name-change'], nameChangeBasis: 'marriage' })).toMatchObject({
      label: 'Marriage certificate, as proof of the new name',
      required: true,
    });
    expect(proof({ reissueReasons: ['new-passport', 'name-change'], nameChangeBasis: 'divorce' })?.label).toBe(
      'Divorce decree, as proof of the new name',
    );
    expect(proof({ reissueReasons: ['name-change'], nameChangeBasis: 'deed-poll' })?.label).toBe(
      'Deed poll or court order, as proof of the new name',
    );
    // Until the form says how, each way's paper.
    expect(proof({ reissueReasons: ['name-change'] })).toMatchObject({
      label: 'Proof of the name change',
      hint: 'The marriage certificate after a marriage, the divorce decree after a divorce; otherwise the gazette notification, deed poll or court order.',
    });
    expect(proof({ reissueReasons: ['new-passport'], nameChangeBasis: 'marriage' })).toBeUndefined();
    expect(item(reissue({ reissueReasons: ['name-change'] }), 'name-change-affidavit')?.required).toBe(false);
    expect(CHECKLIST_ANSWER_KEYS).toEqual(expect.arrayContaining(['eligibility', 'reissueReasons', 'nameChangeBasis']));
  });

  it('takes photos and signatures as images, documents as images or PDF, each with its size limit', () => {
    expect(item(oci('new-oci-card'), 'photo')?.accept).toEqual(PHOTO_UPLOAD);
    expect(item(oci('new-oci-card'), 'signature')?.accept).toEqual(PHOTO_UPLOAD);
    expect(item(oci('new-oci-card'), 'foreign-passport')?.accept).toEqual(DOCUMENT_UPLOAD);
  });
});

describe('Indian passport renewal checklists', () => {
  const passport = inputsFor('indian-passport-renewal');

  it('an adult brings Annexure E; a minor Annexure D, both parents’ passports and a thumb impression', () => {
    expect(required(passport('adult-36-pages'))).toEqual([
      'current-passport',
      'status-proof',
      'address-proof',
      'annexure-e',
      'photo',
    ]);
    const minor = required(passport('minor'));
    expect(minor).toEqual(
      expect.arrayContaining([
        'annexure-d',
        'parent-passport-1',
        'parent-passport-2',
        'birth-certificate',
        'thumb-impression',
      ]),
    );
    expect(minor).not.toContain('annexure-e');
    expect(ids(passport('adult-36-pages', { memberKind: 'Minor' }))).toContain('annexure-d');
  });

  it('follows the country: status papers, PR cards, the Tatkal emergency letter, Personal Particulars forms', () => {
    expect(item(passport('adult-60-pages'), 'status-proof')?.label).toBe('Proof of status in the USA');
    const ca = { choices: { applyingFrom: 'CA' } };
    expect(item(passport('adult-36-pages', ca), 'status-proof')?.label).toBe('Proof of status in Canada');
    expect(ids(passport('minor', ca))).toContain('parents-pr-cards');
    expect(ids(passport('minor'))).not.toContain('parents-pr-cards');
    expect(item(passport('minor', ca), 'parents-pr-cards')?.label).toBe('Both parents’ PR cards');
    expect(ids(passport('tatkal', ca))).toContain('emergency-letter');
    expect(ids(passport('tatkal'))).not.toContain('emergency-letter');
    expect(ids(passport('lost-or-damaged', ca))).toContain('personal-particulars-forms');
    expect(required(passport('lost-or-damaged', { lossKind: 'lost' }))).toEqual(
      expect.arrayContaining(['police-report', 'annexure-f', 'indian-nationality-proof']),
    );
    expect(item(passport('lost-or-damaged'), 'old-passport-copy')?.required).toBe(false);
  });
});

describe('a passport re-issue lists the proof of each change the form names', () => {
  const passport = inputsFor('indian-passport-renewal');
  const changing = (
    particularsChanged: string[],
    extra: Partial<ChecklistInput> = {},
    packageSlug = 'adult-36-pages',
  ) => passport(packageSlug, { ...checklistAnswers({ reissueReason: 'changes', particularsChanged }), ...extra });

  it('a new name: the marriage certificate, or the gazette notification or deed poll', () => {
    expect(item(changing(['name']), 'name-change-proof')).toMatchObject({
      label: 'Proof of the name change',
      hint: 'The marriage certificate after a marriage, the divorce decree after a divorce; otherwise the gazette notification, deed poll or court order.',
      required: true,
    });
  });

  it('the spouse’s name: the marriage certificate to add it, the divorce decree or death certificate to remove it', () => {
    expect(item(changing(['spouse-name']), 'spouse-name-proof')).toMatchObject({
      label: 'Proof for the spouse’s name',
      hint: 'The marriage certificate to add or change the spouse’s name; the divorce decree or the death certificate to remove it.',
      required: true,
    });
    // Tatkal takes this change too.
    expect(required(changing(['spouse-name'], {}, 'tatkal'))).toContain('spouse-name-proof');
  });

  it('a corrected date or place of birth: one birth certificate showing it; a child’s own birth certificate says so', () => {
    expect(item(changing(['birth-date']), 'birth-particulars-proof')?.label).toBe(
      'Birth certificate showing the correct date of birth',
    );
    expect(item(changing(['birth-place']), 'birth-particulars-proof')?.label).toBe(
      'Birth certificate showing the correct place of birth',
    );
    const both = changing(['birth-date', 'birth-place']);
    expect(item(both, 'birth-particulars-proof')?.label).toBe(
      'Birth certificate showing the correct date and place of birth',
    );
    expect(ids(both).filter((id) => id === 'birth-particulars-proof')).toHaveLength(1);
    const child = changing(['birth-date'], { memberKind: 'Minor' }, 'minor');
    expect(ids(child)).not.toContain('birth-particulars-proof');
    expect(item(child, 'birth-certificate')?.hint).toBe(
      'It must name both parents. It must also show the correct date of birth.',
    );
  });

  it('removing the ECR note: a class 10 certificate, or the green card or PR card', () => {
    expect(item(changing(['ecr']), 'ecr-removal-proof')?.hint).toBe(
      'A pass certificate of class 10 (matriculation) or higher, or the green card: either one is enough.',
    );
    expect(item(changing(['ecr'], { choices: { applyingFrom: 'CA' } }), 'ecr-removal-proof')?.hint).toContain(
      'or the PR card',
    );
  });

  it('nothing new for an address, appearance or signature; a change ticked under any reason brings its proof', () => {
    expect(ids(changing(['address', 'appearance', 'signature']))).toEqual(ids(passport('adult-36-pages')));
    expect(required(changing(['address']))).toContain('address-proof');
    // An expiring passport with a new name: the form asks the changes whatever the reason.
    expect(checklistAnswers({ reissueReason: 'expiring', particularsChanged: ['name'] })).toEqual({
      particularsChanged: ['name'],
    });
    expect(checklistAnswers({ particularsChanged: ['name'] })).toEqual({});
    expect(ids(changing(['name', 'ecr']))).toEqual(expect.arrayContaining(['name-change-proof', 'ecr-removal-proof']));
    expect(CHECKLIST_ANSWER_KEYS).toEqual(expect.arrayContaining(['reissueReason', 'particularsChanged']));
  });
});

describe('a minor’s passport consent follows who signs it (catalog-facts §2)', () => {
  const passport = inputsFor('indian-passport-renewal');
  const minor = (answers: Record<string, unknown>, extra: Partial<ChecklistInput> = {}) =>
    passport('minor', { memberKind: 'Minor', ...checklistAnswers(answers), ...extra });
  const ONE_PARENT = ['annexure-c', 'signing-parent-passport'];

  it('a widowed parent signs Annexure C alone, with the death certificate; no second parent’s passport', () => {
    const widowed = minor({ parentsSituation: 'widowed' });
    expect(required(widowed)).toEqual(expect.arrayContaining([...ONE_PARENT, 'parent-death-certificate']));
    expect(ids(widowed)).not.toContain('annexure-d');
    expect(ids(widowed)).not.toContain('parent-passport-2');
    expect(item(widowed, 'annexure-c')).toMatchObject({
      label: 'Annexure C, signed by the parent',
      required: true,
      preparedByUs: true,
    });
    expect(item(widowed, 'annexure-c')?.hint).toContain('print it from the print pack on your order page');
    expect(item(widowed, 'signing-parent-passport')?.label).toBe('Passport of the parent who signs');
    // Not the first parent's passport of two: an upload made while both were to sign may be the other parent's.
    expect(ids(widowed)).not.toContain('parent-passport-1');
    // Its birth certificate may name only the parent who signs.
    expect(item(widowed, 'birth-certificate')?.hint).not.toMatch(/both parents/);
    expect(item(widowed, 'parent-death-certificate')?.label).toBe('Death certificate of the other parent');
  });

  it('a parent with sole custody, single or separated, signs Annexure C with the custody order', () => {
    for (const parentsSituation of ['single', 'separated']) {
      const sole = minor({ parentsSituation, soleCustody: 'yes', custodyParent: 'mother' });
      expect(required(sole), parentsSituation).toEqual(expect.arrayContaining([...ONE_PARENT, 'custody-order']));
      expect(ids(sole), parentsSituation).not.toContain('parent-passport-2');
      expect(ids(sole), parentsSituation).not.toContain('annexure-d');
      expect(ids(sole), parentsSituation).not.toContain('parent-death-certificate');
    }
  });

  it('a single parent without a custody order still signs alone, with no court paper to bring', () => {
    const single = minor({ parentsSituation: 'single', soleCustody: 'no' });
    expect(required(single)).toEqual(expect.arrayContaining(ONE_PARENT));
    expect(ids(single)).not.toContain('custody-order');
    expect(ids(single)).not.toContain('parent-passport-2');
  });

  it('keeps Annexure D and both parents’ passports where both sign, or the form has not said', () => {
    for (const answers of [
      {},
      { parentsSituation: 'together' },
      { parentsSituation: 'separated', soleCustody: 'no' },
      // A custody answer left behind from another situation changes nothing.
      { parentsSituation: 'together', soleCustody: 'yes' },
    ]) {
      const both = minor(answers);
      const where = JSON.stringify(answers);
      expect(required(both), where).toEqual(
        expect.arrayContaining(['annexure-d', 'parent-passport-1', 'parent-passport-2']),
      );
      expect(ids(both), where).not.toContain('annexure-c');
      expect(item(both, 'annexure-d')?.hint, where).toMatch(/^The declaration both parents sign; if only one parent/);
    }
    expect(checklistAnswers({ parentsSituation: 'together' })).toEqual({});
  });

  it('the same for a Tatkal or a lost passport of a minor, and in Canada one parent’s PR card', () => {
    for (const pkg of ['tatkal', 'lost-or-damaged', 'adult-36-pages']) {
      const widowed = passport(pkg, { memberKind: 'Minor', ...checklistAnswers({ parentsSituation: 'widowed' }) });
      expect(ids(widowed), pkg).toEqual(expect.arrayContaining(['annexure-c', 'parent-death-certificate']));
      expect(ids(widowed), pkg).not.toContain('parent-passport-2');
    }
    const canada = minor({ parentsSituation: 'widowed' }, { choices: { applyingFrom: 'CA' } });
    expect(item(canada, 'signing-parent-pr-card')?.label).toBe('PR card of the parent who signs');
    expect(ids(canada)).not.toContain('parents-pr-cards');
  });

  it('an OCI minor with one parent signing alone: that parent’s passport, the paper that shows why, and the form signed by them', () => {
    const oci = inputsFor('oci-card');
    for (const pkg of ['oci-card-for-minor', 'oci-reissue', 'lost-or-damaged-oci']) {
      const widowed = oci(pkg, { memberKind: 'Minor', ...checklistAnswers({ parentsSituation: 'widowed' }) });
      expect(required(widowed), pkg).toEqual(
        expect.arrayContaining(['signing-parent-passport', 'parent-death-certificate']),
      );
      expect(ids(widowed), pkg).not.toContain('parent-passport-2');
    }
    const widowed = oci('oci-card-for-minor', {
      memberKind: 'Minor',
      ...checklistAnswers({ parentsSituation: 'widowed' }),
    });
    expect(item(widowed, 'parental-authorization-form')?.hint).toContain('The parent who signs alone signs it');
    expect(item(widowed, 'parents-marriage-certificate')?.required).toBe(false);
    const both = oci('oci-card-for-minor', { memberKind: 'Minor' });
    expect(required(both)).toEqual(
      expect.arrayContaining(['parent-passport-1', 'parent-passport-2', 'parents-marriage-certificate']),
    );
    expect(item(both, 'parental-authorization-form')?.hint).toContain('Both parents sign it before a notary');
  });

  it('asks a passport’s child under 5 for the left thumb, a girl’s as a boy’s; an OCI child’s by the OCI rule', () => {
    const under5 = { memberKind: 'Minor' as const, dateOfBirth: '2024-01-10', today: '2026-12-06' };
    const passportThumb = item(minor({}, under5), 'thumb-impression');
    expect(passportThumb?.hint).toContain('the child’s left thumb');
    expect(passportThumb?.hint).not.toMatch(/girls/);
    const oci = inputsFor('oci-card')('oci-card-for-minor', under5);
    expect(item(oci, 'thumb-impression')?.hint).toContain('the left thumb for a boy, the right thumb for a girl');
    // Once the form says the child's sex, the one thumb: the print pack's envelope says it too.
    const girl = item(
      inputsFor('oci-card')('oci-card-for-minor', { ...under5, ...checklistAnswers({ sex: 'female' }) }),
      'thumb-impression',
    );
    expect(girl?.hint).toBe(
      'In place of a signature: the child’s right thumb, in blue or black ink on plain white paper.',
    );
    expect(girl?.envelope).toBe('Where the forms ask for the child’s signature: the child’s right thumb.');
    const boy = item(
      inputsFor('oci-card')('oci-card-for-minor', { ...under5, ...checklistAnswers({ sex: 'male' }) }),
      'thumb-impression',
    );
    expect(boy?.hint).toContain('the child’s left thumb');
    expect(CHECKLIST_ANSWER_KEYS).toContain('sex');
  });

  it('reads the checklist again when the parents’ answers change', () => {
    expect(CHECKLIST_ANSWER_KEYS).toEqual(expect.arrayContaining(['parentsSituation', 'soleCustody']));
  });
});

describe('renunciation checklists', () => {
  const surrender = inputsFor('renunciation-of-indian-passport');

  it('asks for the last Indian passport and the citizenship papers of the country applied from', () => {
    for (const pkg of ['surrender-certificate-from-june-2010', 'surrender-certificate-before-june-2010']) {
      expect(required(surrender(pkg))).toEqual([
        'last-indian-passport',
        'foreign-passport',
        'naturalisation-certificate',
        'address-proof',
      ]);
    }
    const canada = surrender('surrender-certificate-from-june-2010', { choices: { applyingFrom: 'CA' } });
    expect(item(canada, 'naturalisation-certificate')?.label).toBe('Canadian citizenship certificate');
    expect(required(canada)).toContain('landing-record');
    expect(item(canada, 'lost-passport-affidavit')?.required).toBe(false);
    expect(ids(surrender('surrender-certificate-from-june-2010', { memberKind: 'Minor' }))).toContain(
      'parent-passport-1',
    );
  });

  it('lists the affidavit of a lost passport only while the customer may have lost it (walk H)', () => {
    const pkg = 'surrender-certificate-from-june-2010';
    const kept = surrender(pkg, checklistAnswers({ hasIndianPassport: 'yes' }));
    expect(ids(kept)).not.toContain('lost-passport-affidavit');
    expect(item(kept, 'last-indian-passport')).toMatchObject({ required: true, envelope: expect.any(String) });
    const lost = surrender(pkg, checklistAnswers({ hasIndianPassport: 'no' }));
    expect(item(lost, 'lost-passport-affidavit')).toMatchObject({
      label: 'Affidavit and police report of the lost Indian passport',
      required: true,
    });
    expect(item(lost, 'last-indian-passport')).toMatchObject({
      required: false,
      hint: 'A copy of its pages, if you have one.',
    });
    expect(item(lost, 'last-indian-passport')).not.toHaveProperty('envelope');
    expect(CHECKLIST_ANSWER_KEYS).toContain('hasIndianPassport');
  });

  it('names a child’s papers for the child, keeping a country’s capitals, and leaves no “your” beside them', () => {
    const child = (applyingFrom: string, fullName?: string) =>
      checklist(
        surrender('surrender-certificate-from-june-2010', {
          memberKind: 'Minor',
          choices: { applyingFrom },
          ...(fullName ? { fullName } : {}),
        }),
      );
    const labels = (list: ChecklistItem[]) => Object.fromEntries(list.map((i) => [i.id, i.label]));
    expect(labels(child('US', 'Anaya Sharma'))).toMatchObject({
      'last-indian-passport': 'Anaya’s last Indian passport',
      'foreign-passport': 'Anaya’s US passport',
      'naturalisation-certificate': 'Anaya’s US naturalisation certificate',
      'parent-passport-1': 'First parent’s passport',
    });
    const canada = child('CA', 'Anaya Sharma');
    expect(labels(canada)).toMatchObject({
      'foreign-passport': 'Anaya’s Canadian passport',
      'naturalisation-certificate': 'Anaya’s Canadian citizenship certificate',
      'landing-record': 'Anaya’s record of landing or Confirmation of Permanent Residence',
    });
    for (const i of [...canada, ...child('US', 'Anaya Sharma')]) expect(i.label, i.id).not.toMatch(/\byour\b/i);
    // Without the child's name yet, the child's passport all the same.
    expect(labels(child('US'))['last-indian-passport']).toBe('Child’s last Indian passport');
    expect(item(surrender('surrender-certificate-from-june-2010'), 'last-indian-passport')?.label).toBe(
      'Your last Indian passport',
    );
  });
});

describe('attestation, e-Visa, application-centre and photo checklists', () => {
  it('power of attorney: the notarised document, witnesses and the executant’s photo', () => {
    const poa = inputsFor('power-of-attorney')('property-power-of-attorney');
    expect(required(poa)).toEqual(expect.arrayContaining(['power-of-attorney', 'witness-ids', 'executant-photo']));
    expect(item(poa, 'executant-photo')?.accept).toEqual(PHOTO_UPLOAD);
    expect(required({ ...poa, packageSlug: 'civil-document-attestation' })).toContain('document-to-attest');
  });

  it('says per country what a foreign citizen’s document needs: a US one is apostilled, then attested; a Canadian apostille replaces the attestation (catalog-facts §5)', () => {
    const attestation = inputsFor('power-of-attorney');
    for (const [packageSlug, id] of [
      ['property-power-of-attorney', 'power-of-attorney'],
      ['civil-document-attestation', 'document-to-attest'],
    ] as const) {
      const us = item(attestation(packageSlug), id)?.hint;
      expect(us).toBe('Not an Indian citizen? Your state apostilles it first; the consulate then attests it.');
      const ca = item(attestation(packageSlug, { choices: { applyingFrom: 'CA' } }), id)?.hint;
      expect(ca).toBe(
        'Not an Indian citizen? Your province or Global Affairs Canada apostilles it instead, and the consulate does not attest it: we refund the attestation fee and the application centre’s fee in your price when you ask on our Request a refund page.',
      );
      for (const hint of [us, ca]) expect(hint).not.toMatch(/authenticat/);
    }
  });

  it('asks an executant for proof of living where they apply in that country’s documents, citizenship among them', () => {
    const attestation = inputsFor('power-of-attorney');
    expect(item(attestation('property-power-of-attorney'), 'status-proof')?.hint).toBe(
      'Your visa, green card or US citizenship document, showing you live in the USA.',
    );
    expect(
      item(attestation('civil-document-attestation', { choices: { applyingFrom: 'CA' } }), 'status-proof')?.hint,
    ).toBe('Your PR card, work or study permit, or Canadian citizenship document, showing you live in Canada.');
  });

  it('e-Visa: the passport scan and the photo; business adds the card and the invitation', () => {
    const visa: ChecklistInput = {
      serviceSlug: 'indian-visa',
      packageSlug: 'e-tourist-30-days',
      choices: { citizenship: 'CA', destination: 'IN' },
      memberKind: 'Adult',
    };
    expect(required(visa)).toEqual(['passport-bio-page', 'photo']);
    expect(required({ ...visa, packageSlug: 'e-business' })).toEqual([
      'passport-bio-page',
      'photo',
      'business-card',
      'invitation-letter',
    ]);
  });

  it('paper visa: a former Indian citizen’s surrender and landing papers; a minor’s parents’ passports', () => {
    const paper = inputsFor('visa-application-centre-support')('paper-visa-application', {
      choices: { applyingFrom: 'CA' },
      memberKind: 'Minor',
      formerIndianCitizen: true,
    });
    expect(required(paper)).toEqual(
      expect.arrayContaining(['renunciation-certificate', 'landing-or-naturalisation', 'parent-passport-1']),
    );
    expect(item(paper, 'landing-or-naturalisation')?.label).toBe('Record of landing');
    expect(ids({ ...paper, formerIndianCitizen: false })).not.toContain('landing-or-naturalisation');
    expect(item({ ...paper, packageSlug: 'consular-appointment-file-check' }, 'supporting-documents')?.required).toBe(
      false,
    );
  });

  it('photo orders: the photo itself', () => {
    expect(checklist({ serviceSlug: 'photo-enhancement', packageSlug: 'digital-copy', memberKind: 'Adult' })).toEqual([
      {
        id: 'photo',
        label: 'Your photo',
        hint: 'A recent front-facing photo against a plain wall, taken at eye level.',
        required: true,
        accept: PHOTO_UPLOAD,
      },
    ]);
  });

  it('knows no checklist for a package it has never heard of', () => {
    expect(documentChecklist({ serviceSlug: 'oci-card', packageSlug: 'oci-gold', memberKind: 'Adult' })).toBeNull();
    expect(documentChecklist({ serviceSlug: 'moon-visa', packageSlug: 'x', memberKind: 'Adult' })).toBeNull();
  });
});

/** The day every age below is counted on. */
const TODAY = '2026-11-29';
/** 4 years and 364 days old on TODAY: one day short of 5. */
const ALMOST_FIVE = '2021-11-30';
/** 5 today. */
const FIVE_TODAY = '2021-11-29';

describe('the checklist follows the answers (issue 30 §3)', () => {
  const child = (packageSlug: string, dateOfBirth: string, service = oci) =>
    service(packageSlug, { memberKind: 'Minor', dateOfBirth, today: TODAY });

  it('a child gives a thumb impression until the day before their 5th birthday, and signs from it', () => {
    expect(givesThumbImpression(ALMOST_FIVE, TODAY)).toBe(true);
    expect(givesThumbImpression(FIVE_TODAY, TODAY)).toBe(false);
    expect(givesThumbImpression('2024-02-29', '2029-02-28')).toBe(true);
    expect(givesThumbImpression('2024-02-29', '2029-03-01')).toBe(false);

    const under = ids(child('new-oci-card', ALMOST_FIVE));
    expect(under).toContain('thumb-impression');
    expect(under).not.toContain('signature');
    const five = ids(child('new-oci-card', FIVE_TODAY));
    expect(five).toContain('signature');
    expect(five).not.toContain('thumb-impression');
    expect(item(child('new-oci-card', FIVE_TODAY), 'signature')).toMatchObject({
      label: 'Child’s signature',
      required: true,
    });
  });

  it('says plainly that the child’s signature is the child’s own, and what the parents sign instead', () => {
    // The portal's signature of a child of 5 or more is the child's; the parents sign the consent
    // and the declaration, which the child does not (catalog-facts §1, K14).
    const hint = item(child('new-oci-card', FIVE_TODAY), 'signature')?.hint;
    expect(hint).toContain('Only the child signs here, never a parent for them');
    expect(hint).toContain('the parents sign the consent form and the application’s declaration instead');
    expect(item(child('new-oci-card', ALMOST_FIVE), 'thumb-impression')?.hint).toContain(
      'the left thumb for a boy, the right thumb for a girl',
    );
  });

  it('the same age rule for a minor’s passport renewal', () => {
    const passport = inputsFor('indian-passport-renewal');
    expect(required(child('minor', ALMOST_FIVE, passport))).toContain('thumb-impression');
    expect(required(child('minor', FIVE_TODAY, passport))).toContain('signature');
    expect(ids(child('minor', FIVE_TODAY, passport))).not.toContain('thumb-impression');
    // An adult renewing a passport signs the application form itself: no separate upload.
    expect(ids(passport('adult-36-pages', { dateOfBirth: '1990-01-01', today: TODAY }))).not.toContain('signature');
  });

  it('requires the renunciation certificate once the member says they were an Indian citizen', () => {
    const renunciation = (answers: Record<string, unknown>) =>
      item(oci('new-oci-card', checklistAnswers(answers)), 'renunciation-certificate');
    expect(renunciation({ eligibility: 'former-citizen' })?.required).toBe(true);
    expect(renunciation({ eligibility: 'descendant' })).toBeUndefined();
    expect(renunciation({ eligibility: 'spouse' })).toBeUndefined();
    expect(renunciation({})?.required).toBe(false);
    expect(checklistAnswers({ formerIndian: 'yes' })).toEqual({ formerIndianCitizen: true });
    expect(checklistAnswers({ formerIndian: 'no' })).toEqual({ formerIndianCitizen: false });
    expect(checklistAnswers({ eligibility: '' })).toEqual({});
  });

  it('asks for a police report for a lost or stolen passport or OCI card, not a damaged one', () => {
    const passport = inputsFor('indian-passport-renewal');
    type Answers = Record<string, unknown>;
    const reportBy = {
      passportLossKind: (answers: Answers) =>
        item(passport('lost-or-damaged', checklistAnswers(answers)), 'police-report'),
      cardLossKind: (answers: Answers) => item(oci('lost-or-damaged-oci', checklistAnswers(answers)), 'police-report'),
    };
    for (const [key, report] of Object.entries(reportBy)) {
      expect(report({ [key]: 'damaged' }), key).toBeUndefined();
      expect(report({ [key]: 'lost' })?.required, key).toBe(true);
      expect(report({ [key]: 'stolen' })?.required, key).toBe(true);
      // Until the form says (or where a package has no form), asked for: most replacements are for a loss.
      expect(report({})?.required, key).toBe(true);
    }
    expect(checklistAnswers({ passportLossKind: 'damaged' })).toEqual({ lossKind: 'damaged' });
    expect(checklistAnswers({ cardLossKind: 'somewhere' })).toEqual({});
  });

  it('reads the checklist again when the loss answer changes', () => {
    expect(CHECKLIST_ANSWER_KEYS).toEqual(expect.arrayContaining(['passportLossKind', 'cardLossKind']));
  });

  it('a document our team prepares is in the print pack once paid, and required from then on only', () => {
    for (const pkg of ['oci-card-for-minor', 'oci-reissue']) {
      const form = item(oci(pkg, { memberKind: 'Minor' }), 'parental-authorization-form');
      // The mission takes no child's application without it (a walk was told "Everything is in").
      expect(form).toMatchObject({ required: true, preparedByUs: true });
      expect(form?.hint).toContain('print it from the print pack on your order page');
      expect(dueWhen(false, form as ChecklistItem).required).toBe(false);
      expect(dueWhen(true, form as ChecklistItem).required).toBe(true);
    }
    const passport = item(oci('new-oci-card', { memberKind: 'Adult' }), 'foreign-passport') as ChecklistItem;
    expect(dueWhen(false, passport)).toBe(passport);
  });

  it('says to print it from the print pack once paid, not "once you have paid" to a customer who has (review r68a)', () => {
    const form = item(
      oci('oci-card-for-minor', { memberKind: 'Minor' }),
      'parental-authorization-form',
    ) as ChecklistItem;
    expect(dueWhen(false, form).hint).toBe(
      'We prepare it from your answers: once you have paid, print it from the print pack on your order page. Both parents sign it before a notary; then upload it here.',
    );
    expect(dueWhen(true, form).hint).toBe(
      'Print it from your print pack. Both parents sign it before a notary; then upload it here.',
    );
    // A passport's annexure, the same way.
    const annexure = item(
      inputsFor('indian-passport-renewal')('minor', { memberKind: 'Minor' }),
      'annexure-d',
    ) as ChecklistItem;
    expect(dueWhen(true, annexure).hint).toMatch(/ Print it from your print pack, sign it and upload it here\.$/);
    expect(dueWhen(true, annexure).hint).not.toContain('once you have paid');
  });

  it('asks for four photo prints with a lost or damaged passport in Canada, two otherwise', () => {
    const passport = inputsFor('indian-passport-renewal');
    const prints = (packageSlug: string, applyingFrom: string) =>
      item(passport(packageSlug, { choices: { applyingFrom } }), 'photo')?.envelope;
    expect(prints('lost-or-damaged', 'CA')).toBe('Four 2 × 2 in prints of the photo, on a white background.');
    expect(prints('lost-or-damaged', 'US')).toBe('Two 2 × 2 in prints of the photo, on a white background.');
    expect(prints('adult-36-pages', 'CA')).toBe('Two 2 × 2 in prints of the photo, on a white background.');
  });

  it('names the passport photo’s real size, the portal’s 630 × 810 px, not 2×2 in', () => {
    const photo = item(inputsFor('indian-passport-renewal')('adult-36-pages'), 'photo');
    expect(photo?.hint).toContain('630 × 810 px photo the passport portal asks for');
    expect(photo?.hint).not.toContain('2×2');
  });

  it('says where a passport annexure comes from: we prepare it, the print pack holds it, the customer signs it', () => {
    const passport = inputsFor('indian-passport-renewal');
    const minor = passport('minor', { memberKind: 'Minor' });
    const adult = passport('adult-36-pages', { memberKind: 'Adult' });
    const lost = passport('lost-or-damaged', { memberKind: 'Adult' });
    for (const found of [item(minor, 'annexure-d'), item(adult, 'annexure-e'), item(lost, 'annexure-f')]) {
      expect(found).toMatchObject({ required: true, preparedByUs: true });
      expect(found?.hint).toContain('print it from the print pack on your order page, sign it and upload it here');
    }
  });

  it('calls Annexure E what the print pack prints: the declaration of Indian citizenship', () => {
    const adult = inputsFor('indian-passport-renewal')('adult-36-pages', { memberKind: 'Adult' });
    expect(item(adult, 'annexure-e')?.hint).toMatch(/^Your declaration that you are a citizen of India/);
  });

  it('names a minor’s own documents after the child, never “you”; the parents’ papers keep theirs', () => {
    const anaya = checklist(
      oci('new-oci-card', {
        memberKind: 'Minor',
        fullName: 'Anaya Sharma',
        dateOfBirth: ALMOST_FIVE,
        today: TODAY,
        formerIndianCitizen: true,
      }),
    );
    const label = (id: string) => anaya.find((i) => i.id === id)?.label;
    expect(label('photo')).toBe('Anaya’s photo');
    expect(label('foreign-passport')).toBe('Anaya’s current foreign passport');
    expect(label('birth-certificate')).toBe('Anaya’s birth certificate');
    expect(label('thumb-impression')).toBe('Anaya’s thumb impression');
    expect(label('renunciation-certificate')).toBe(
      'Anaya’s surrender or renunciation certificate, or their cancelled Indian passport',
    );
    expect(label('parent-passport-1')).toBe('First parent’s passport');
    expect(label('parents-marriage-certificate')).toBe('Parents’ marriage certificate');
    const childs = anaya.filter((i) => i.label.startsWith('Anaya’s'));
    for (const i of childs) expect(`${i.label} ${i.hint ?? ''}`, i.id).not.toMatch(/\byour?\b/i);

    const older = checklist(
      inputsFor('indian-passport-renewal')('minor', {
        fullName: 'Anaya Sharma',
        dateOfBirth: FIVE_TODAY,
        today: TODAY,
      }),
    );
    expect(older.find((i) => i.id === 'signature')).toMatchObject({
      label: 'Anaya’s signature',
      hint: 'Anaya signs in black ink on plain white paper, the way they usually write their name. Only the child signs here, never a parent for them: the parents sign the consent form and the application’s declaration instead.',
    });
    expect(older.find((i) => i.id === 'current-passport')?.label).toBe('Anaya’s current Indian passport');
    // An adult's items are theirs: no name in the label.
    expect(item(oci('new-oci-card', { fullName: 'Priya Sharma' }), 'photo')?.label).toBe('Photo');
  });
});

describe('checklistItemOfUpload', () => {
  it('names the checklist item an upload question files to: its key in kebab-case', () => {
    expect(checklistItemOfUpload('photo')).toBe('photo');
    expect(checklistItemOfUpload('passportBioPage')).toBe('passport-bio-page');
    expect(checklistItemOfUpload('governmentForm')).toBe('government-form');
  });
});
