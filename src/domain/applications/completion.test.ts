import { describe, expect, it } from 'vitest';
import { documentChecklist } from './checklist.ts';
import { COMPLETION_TEXT, inSentence, memberNamer, missingItems, neededDocument, neededItem } from './completion.ts';
import type { ParentalConsent } from './parental-consent.ts';

/** Every package with a checklist (src/server/modules/applications/form-definitions/index.ts names them too). */
const PACKAGES = [
  ['oci-card', 'new-oci-card'],
  ['oci-card', 'oci-card-for-minor'],
  ['oci-card', 'oci-reissue'],
  ['oci-card', 'lost-or-damaged-oci'],
  ['indian-passport-renewal', 'adult-36-pages'],
  ['indian-passport-renewal', 'minor'],
  ['indian-passport-renewal', 'tatkal'],
  ['indian-passport-renewal', 'lost-or-damaged'],
  ['renunciation-of-indian-passport', 'surrender-certificate-from-june-2010'],
  ['power-of-attorney', 'property-power-of-attorney'],
  ['power-of-attorney', 'civil-document-attestation'],
  ['indian-visa', 'e-business'],
  ['visa-application-centre-support', 'paper-visa-application'],
  ['visa-application-centre-support', 'consular-appointment-file-check'],
] as const;

const CONSENTS: ParentalConsent[] = [
  { signers: 'both' },
  { signers: 'one', proof: 'death-certificate' },
  { signers: 'one', proof: 'custody-order' },
];

const priya = { id: 1, fullName: 'Priya Sharma', reviewed: false };
const arjun = { id: 2, fullName: 'Arjun Sharma', reviewed: true };

describe('what an application still needs (issue 28)', () => {
  it('lists unreviewed forms and missing documents in member order, by first name', () => {
    expect(
      missingItems({
        hasForm: true,
        members: [priya, arjun],
        missingDocuments: [
          { memberId: 2, fullName: 'Arjun Sharma', items: [{ id: 'passport', label: 'Passport copy' }] },
          { memberId: 1, fullName: 'Priya Sharma', items: [{ id: 'pan', label: 'PAN card' }] },
        ],
      }),
    ).toEqual(['Priya’s application form', 'Priya’s PAN card', 'Arjun’s passport copy']);
  });

  it('names an item that says "Your" by the member, once ("Meena’s last Indian passport")', () => {
    const meena = { fullName: 'Meena Rao' };
    const nameOf = memberNamer([meena]);
    expect(neededDocument(meena, 'Your last Indian passport', nameOf)).toBe('Meena’s last Indian passport');
    expect(neededDocument(meena, 'Your photo', nameOf)).toBe('Meena’s photo');
  });

  it('names a document outside the checklist as staff typed it, with whose it is, never in a possessive (decision 0188 §2)', () => {
    const marriage = { id: 'other-1a2b3c4d', label: 'Marriage certificate' };
    expect(
      missingItems({
        hasForm: false,
        members: [priya, arjun],
        missingDocuments: [
          { memberId: 1, fullName: 'Priya Sharma', items: [marriage, { id: 'pan', label: 'PAN card' }] },
        ],
      }),
    ).toEqual(['Marriage certificate (for Priya)', 'Priya’s PAN card']);
    // The list's and the e-mail's words come from one function: only how the member is named differs.
    const nameOf = memberNamer([priya, { fullName: 'Priya Patel' }]);
    expect(neededItem(priya, marriage, nameOf)).toBe('Marriage certificate (for Priya Sharma)');
    expect(neededItem(priya, { id: 'pan', label: 'PAN card' }, nameOf)).toBe('Priya Sharma’s PAN card');
    // "other-" alone is not such an id: a checklist label keeps its possessive.
    expect(neededItem(priya, { id: 'other-docs', label: 'Other documents' }, memberNamer([priya]))).toBe(
      'Priya’s other documents',
    );
  });

  it('is empty when every form is reviewed and every document is in; a package without a form has no form to review', () => {
    expect(missingItems({ hasForm: true, members: [arjun], missingDocuments: [] })).toEqual([]);
    expect(missingItems({ hasForm: false, members: [priya], missingDocuments: [] })).toEqual([]);
  });

  it('holds the application back while a proof of address is from another mission’s area', () => {
    expect(
      missingItems({
        hasForm: true,
        members: [arjun],
        missingDocuments: [],
        proofConflicts: [{ memberId: 2, message: 'proof of address (ZIP 93215) belongs to …' }],
      }),
    ).toEqual(['Arjun’s proof of address (ZIP 93215) belongs to …']);
  });

  it('names members in full when two share a first name', () => {
    const members = [
      { id: 1, fullName: 'Raj Kumar', reviewed: false },
      { id: 2, fullName: 'Raj Patel', reviewed: false },
    ];
    expect(missingItems({ hasForm: true, members, missingDocuments: [] })).toEqual([
      'Raj Kumar’s application form',
      'Raj Patel’s application form',
    ]);
  });

  it('names a child once when the item already carries the child’s name', () => {
    const anaya = { id: 3, fullName: 'Anaya Sharma', reviewed: true };
    expect(
      missingItems({
        hasForm: true,
        members: [anaya],
        missingDocuments: [
          {
            memberId: 3,
            fullName: 'Anaya Sharma',
            items: [
              { id: 'photo', label: 'Anaya’s photo' },
              { id: 'parent-passport-1', label: 'First parent’s passport' },
            ],
          },
        ],
      }),
    ).toEqual(['Anaya’s photo', 'the first parent’s passport (for Anaya)']);
  });

  it('words a label that says whose document it is with the member after it (review r68a #6)', () => {
    const priya = { fullName: 'Priya Sharma' };
    const aarav = { fullName: 'Aarav Sharma' };
    const nameOf = memberNamer([priya, aarav]);
    expect(neededDocument(priya, 'Both witnesses’ photo IDs', nameOf)).toBe('both witnesses’ photo IDs (for Priya)');
    expect(neededDocument(aarav, 'Parents’ marriage certificate', nameOf)).toBe(
      'the parents’ marriage certificate (for Aarav)',
    );
    expect(neededDocument(aarav, 'PR card of the parent who signs', nameOf)).toBe(
      'the PR card of the parent who signs (for Aarav)',
    );
    expect(neededDocument(priya, 'The document to attest, signed before a notary', nameOf)).toBe(
      'Priya’s document to attest, signed before a notary',
    );
    expect(
      neededDocument(priya, 'Surrender or renunciation certificate, or your cancelled Indian passport', nameOf),
    ).toBe('Priya’s surrender or renunciation certificate, or their cancelled Indian passport');
    expect(neededDocument(priya, 'Your spouse’s Indian passport or OCI card', nameOf)).toBe(
      'Priya’s spouse’s Indian passport or OCI card',
    );
    expect(neededDocument(aarav, 'Child’s birth certificate', nameOf)).toBe('Aarav’s birth certificate');
  });

  it('reads as a noun phrase for every label a checklist gives, an adult’s or a child’s', () => {
    const labels = new Set<string>();
    for (const [serviceSlug, packageSlug] of PACKAGES) {
      for (const choices of [
        { applyingFrom: 'US' },
        { applyingFrom: 'CA' },
        { citizenship: 'US', destination: 'IN' },
      ]) {
        for (const memberKind of ['Adult', 'Minor'] as const) {
          for (const parentalConsent of CONSENTS) {
            for (const lossKind of [undefined, 'lost'] as const) {
              const input = {
                serviceSlug,
                packageSlug,
                choices,
                memberKind,
                parentalConsent,
                fullName: 'Aarav Sharma',
                particularsChanged: ['name', 'birth-date'] as const,
                nameChangeBasis: 'deed-poll' as const,
                ...(lossKind ? { lossKind } : {}),
              };
              for (const item of documentChecklist(input) ?? []) labels.add(item.label);
            }
          }
        }
      }
    }
    expect(labels.size).toBeGreaterThan(50);
    const aarav = { fullName: 'Aarav Sharma' };
    const nameOf = memberNamer([aarav]);
    const wrong = [...labels]
      .map((label) => neededDocument(aarav, label, nameOf))
      .filter(
        (line) =>
          line.split('Aarav').length !== 2 ||
          /’s (?:both|the|a|an|if|first|second|parents’|child’s)\b|\byour\b/i.test(line),
      );
    expect(wrong).toEqual([]);
  });

  it('says the words checkout shows', () => {
    expect(COMPLETION_TEXT.allIn).toBe(
      'Everything is in: after payment your order goes straight to our team (Order pending).',
    );
    expect(COMPLETION_TEXT.stillNeeded).toBe('Still needed:');
  });
});

describe('inSentence', () => {
  it('lowers a plain label’s first letter, and leaves acronyms and a form’s own name as they are', () => {
    expect(inSentence('Current foreign passport')).toBe('current foreign passport');
    expect(inSentence('Proof of Indian origin')).toBe('proof of Indian origin');
    expect(inSentence('PAN card')).toBe('PAN card');
    // A walk's e-mail asked for the "parental Authorization Form".
    expect(inSentence('Parental Authorization Form')).toBe('Parental Authorization Form');
    expect(inSentence('Record of Landing')).toBe('Record of Landing');
    expect(inSentence('Photo')).toBe('photo');
    // A declaration's own name: "Aarav’s Annexure C", not "annexure C".
    expect(inSentence('Annexure C, signed by the parent')).toBe('Annexure C, signed by the parent');
    // A nationality keeps its capital: "Anaya’s Canadian passport" on the list of what is missing.
    expect(inSentence('Canadian passport')).toBe('Canadian passport');
    expect(inSentence('Indian passport, the last one')).toBe('Indian passport, the last one');
  });
});
