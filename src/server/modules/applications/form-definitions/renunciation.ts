/**
 * Renunciation of Indian citizenship and surrender of the passport (catalog-facts.md §3): the
 * online renunciation form. The two packages differ by the naturalisation date (the fee changed
 * on 1 June 2010), so that date's bounds come from the package.
 */
import type { FormDefinition } from '../../../../domain/forms/definition.ts';
import {
  addressAbroad,
  addressInIndia,
  birthPlace,
  contact,
  foreignPassport,
  indianPassport,
  namesAsInPassport,
  parents,
  personalParticulars,
  spouse,
} from './blocks.ts';
import { ask, definition, dependent, ifYes, note, optional, section, step, yesNo } from './build.ts';

export function renunciationDefinition(
  id: string,
  title: string,
  naturalised: { min: string; max: string },
): FormDefinition {
  return definition(
    id,
    title,
    [
      step('aboutYou', 'About you', [namesAsInPassport(), birthPlace(), personalParticulars()]),
      step('familyStep', 'Family', [parents(), spouse()]),
      step('citizenshipStep', 'Your new citizenship', [
        section('naturalisationSection', 'Naturalisation', [
          ask('country dropdown', 'naturalisedCountry', 'Country of your new citizenship', { countries: ['US', 'CA'] }),
          ask('date', 'naturalisedOn', 'Date you became a citizen', {
            rules: naturalised,
            help: 'The date on your naturalisation or citizenship certificate.',
          }),
          ask('short answer', 'naturalisedAt', 'Place of naturalisation', { transforms: ['trim'] }),
          ask('unique ID', 'naturalisationCertificateNumber', 'Certificate number', { transforms: ['uppercase'] }),
        ]),
        foreignPassport('Your US or Canadian passport'),
      ]),
      step('indianPassportStep', 'Your Indian passport', [
        indianPassport('The Indian passport you surrender', false),
        section('surrenderSection', 'Surrender', [
          yesNo('hasIndianPassport', 'Do you still have this passport?', 'Whether you have the passport'),
          ifYes('hasIndianPassport', [
            note(
              'originalNote',
              'Send the original',
              'The consulate keeps the original passport and returns it cancelled.',
            ),
          ]),
          dependent('lostIndianPassport', { field: 'hasIndianPassport', equals: 'no' }, [
            ask('paragraph', 'lostIndianPassportStory', 'What happened to it?', {
              errorLabel: 'What happened to the passport',
              transforms: ['trim'],
              rules: { min: 20, max: 1500 },
              help: 'We prepare the notarised affidavit from this; the consulate also asks for a police report.',
            }),
          ]),
          yesNo(
            'travelledAfterNaturalisation',
            'Did you travel on your Indian passport after becoming a citizen?',
            'Travel after naturalisation',
            {
              help: 'The consulate charges a penalty per trip; telling it up front avoids delays.',
            },
          ),
          ifYes('travelledAfterNaturalisation', [
            ask('number', 'tripsAfterNaturalisation', 'How many trips?', {
              errorLabel: 'Number of trips',
              rules: { min: 1, max: 99 },
              unit: 'trips',
            }),
            ask('paragraph', 'tripDetails', 'Dates and destinations of those trips', {
              transforms: ['trim'],
              rules: { max: 2000 },
            }),
          ]),
        ]),
      ]),
      step('addressStep', 'Addresses and contact', [
        addressAbroad(),
        addressInIndia('Address in India', false),
        contact(),
      ]),
      step('declarationStep', 'Declaration', [
        section('declarationSection', 'Declaration', [
          optional(
            ask('paragraph', 'notesForUs', 'Anything else we should know', {
              transforms: ['trim'],
              rules: { max: 1000 },
            }),
          ),
          ask('checkboxes', 'renunciationDeclaration', 'Declaration', {
            options: [
              {
                value: 'declared',
                label:
                  'I have acquired the citizenship named above and renounce my Indian citizenship; the answers are true',
                minor: {
                  label:
                    '{name} has acquired the citizenship named above and renounces Indian citizenship; the answers are true',
                },
              },
            ],
          }),
        ]),
      ]),
    ],
    'The questions of the online renunciation form, for your surrender certificate.',
  );
}
