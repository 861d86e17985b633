import type { FormDefinition } from '../../../../domain/forms/definition.ts';

const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/**
 * A definition that uses every field type, rule, transform and upload mode once: the dev preview
 * (/dev/form-preview) shows it by default, and the admin form builder can start from it.
 */
export const SHOWCASE_DEFINITION: FormDefinition = {
  format: 1,
  id: 'showcase/every-field-type',
  version: 1,
  title: 'Every field type',
  intro: 'A sample application that uses each of the 24 field types of the form engine.',
  steps: [
    {
      key: 'aboutYou',
      title: 'About you',
      intro: 'Your details as your passport shows them.',
      sections: [
        {
          key: 'namesSection',
          title: 'Your name',
          fields: [
            {
              type: 'description',
              key: 'namesNote',
              label: 'Before you start',
              text: 'Keep your passport at hand: we ask for your name exactly as it is printed.',
            },
            {
              type: 'text',
              key: 'givenName',
              label: 'Given name(s)',
              errorLabel: 'Given name',
              help: 'First and middle names, without your surname.',
              required: true,
              transforms: ['trim', 'uppercase'],
            },
            {
              type: 'short answer',
              key: 'surname',
              label: 'Surname',
              required: true,
              transforms: ['trim', 'uppercase'],
            },
            {
              type: 'radio',
              key: 'changedName',
              label: 'Have you ever been known by another name?',
              errorLabel: 'Other names',
              required: true,
              options: yesNo,
            },
            {
              type: 'dependent',
              key: 'previousNameGroup',
              when: { field: 'changedName', equals: 'yes' },
              fields: [
                { type: 'text', key: 'previousName', label: 'Previous name', required: true, transforms: ['trim'] },
              ],
            },
            { type: 'date', key: 'dateOfBirth', label: 'Date of birth', required: true, rules: { min: '1900-01-01' } },
            { type: 'country dropdown', key: 'birthCountry', label: 'Country of birth', required: true },
          ],
        },
        {
          key: 'contactSection',
          title: 'How to reach you',
          fields: [
            { type: 'email', key: 'email', label: 'Email', required: true },
            { type: 'phone', key: 'mobile', label: 'Mobile number', required: true, defaultCountry: 'US' },
          ],
        },
      ],
    },
    {
      key: 'detailsStep',
      title: 'Your situation',
      sections: [
        {
          key: 'situationSection',
          title: 'Family and work',
          fields: [
            {
              type: 'select',
              key: 'maritalStatus',
              label: 'Marital status',
              required: true,
              options: [
                { value: 'single', label: 'Single' },
                { value: 'married', label: 'Married' },
                { value: 'divorced', label: 'Divorced' },
              ],
            },
            { type: 'occupation dropdown', key: 'occupation', label: 'Present occupation', required: true },
            {
              type: 'dropdown',
              key: 'education',
              label: 'Educational qualification',
              options: [
                { value: 'secondary', label: 'Higher secondary' },
                { value: 'graduate', label: 'Graduate' },
                { value: 'postgraduate', label: 'Postgraduate' },
              ],
            },
            {
              type: 'currency',
              key: 'income',
              label: 'Annual income',
              currency: 'USD',
              rules: { max: 100_000_000_00 },
            },
          ],
        },
        {
          key: 'tripSection',
          title: 'Your trip',
          fields: [
            {
              type: 'multiple choice',
              key: 'travelMode',
              label: 'How will you arrive?',
              errorLabel: 'Way of arrival',
              required: true,
              options: [
                { value: 'air', label: 'By air', description: 'Any e-Visa airport.' },
                { value: 'sea', label: 'By sea', description: 'Cruise ships at the five e-Visa seaports.' },
              ],
            },
            {
              type: 'checkboxes',
              key: 'purpose',
              label: 'Purpose of the visit',
              required: true,
              options: [
                { value: 'sightseeing', label: 'Sightseeing' },
                { value: 'family', label: 'Visiting family' },
                { value: 'yoga', label: 'A short yoga programme' },
              ],
              rules: { max: 2 },
            },
            {
              type: 'date',
              key: 'arrivalDate',
              label: 'Expected date of arrival',
              rules: { min: 'today+4', max: 'today+30' },
            },
            {
              type: 'time',
              key: 'arrivalTime',
              label: 'Expected time of arrival',
              rules: { min: '00:00', max: '23:59' },
            },
            { type: 'range', key: 'stayDays', label: 'Length of stay', rules: { min: 1, max: 30 }, unit: 'days' },
            { type: 'number', key: 'travellers', label: 'People travelling with you', rules: { min: 0, max: 9 } },
          ],
        },
      ],
    },
    {
      key: 'documentsStep',
      title: 'Documents',
      sections: [
        {
          key: 'passportSection',
          title: 'Passport',
          fields: [
            {
              type: 'unique ID',
              key: 'passportNumber',
              label: 'Passport number',
              required: true,
              transforms: ['uppercase'],
              rules: { min: 6, max: 12 },
            },
            {
              type: 'file upload',
              key: 'passportPage',
              label: 'Scan of the passport photo page',
              required: true,
              rules: { maxSize: 300 * 1024, fileTypes: ['application/pdf'] },
              uploadMode: 'onDrop',
            },
            {
              type: 'image upload',
              key: 'photo',
              label: 'Your photo',
              help: 'You can check it before it is sent.',
              rules: { maxSize: 1024 * 1024, fileTypes: ['image/jpeg'] },
              uploadMode: 'onUpload',
            },
          ],
        },
        {
          key: 'extrasSection',
          title: 'A last few things',
          fields: [
            {
              type: 'paragraph',
              key: 'notes',
              label: 'Anything else we should know',
              rules: { max: 1000 },
              transforms: ['trim'],
            },
            {
              type: 'password',
              key: 'portalPassword',
              label: 'Password for your portal account',
              help: 'Only if you want us to file through an account you already have.',
              strong: true,
            },
            { type: 'rating', key: 'confidence', label: 'How sure are you of your answers?', errorLabel: 'Confidence' },
          ],
        },
      ],
    },
  ],
};
