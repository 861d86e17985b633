import { describe, expect, it } from 'vitest';
import { COMPLETION_TEXT, inSentence, memberNamer, missingItems, neededDocument } from './completion.ts';

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
    ).toEqual(['Anaya’s photo', 'Anaya’s first parent’s passport']);
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
