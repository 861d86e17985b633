/**
 * How each service is carried out (process steps and detail sections), what happens when after
 * payment (a timeline per package) and the questions customers ask (FAQs). Facts and figures
 * come from shared/catalog-facts.md, like the prices in catalog-data.ts.
 *
 * Text true for one country only says so in `appliesTo` (FROM_US, FROM_CA, US_CITIZENS,
 * CA_CITIZENS): a page for a country shows the rows without `appliesTo` and that country's rows,
 * in position order, so a country's row stands in the place of the other country's.
 */
import type { ParameterChoices } from '../../../domain/catalog/parameters.ts';
import { PHOTO_PROMISE } from '../../../domain/photos/promise.ts';
import { CA_CITIZENS, FROM_CA, FROM_US, US_CITIZENS } from './catalog-data.ts';
import { FILES_KEPT } from './content-data.ts';

/** The choices a row is true for; absent: every choice. */
interface CountryBound {
  appliesTo?: ParameterChoices;
}

export interface SeedStep extends CountryBound {
  title: string;
  description: string;
  /** A sprite icon name (src/web/components/ui/icon-names.ts). */
  icon?: string;
}

export interface SeedTimelineEntry extends CountryBound {
  title: string;
  description: string;
  /** e.g. 'Day 1', 'Weeks 2–6'. */
  duration: string;
}

export interface SeedFaq extends CountryBound {
  question: string;
  answer: string;
}

export interface SeedServiceContent {
  serviceSlug: string;
  /** Numbered steps shared by every package of the service. */
  steps: SeedStep[];
  /** Longer sections shared by every package. */
  details: SeedStep[];
  /** Steps that replace the service's for one package, where its process differs. */
  packageSteps?: Record<string, SeedStep[]>;
  /** Sections added for one package only. */
  packageDetails?: Record<string, SeedStep[]>;
  /** One timeline per package slug; every package of the service has one. */
  timelines: Record<string, SeedTimelineEntry[]>;
  faqs: SeedFaq[];
}

/** The application centre that receives files for the consulates, per country of application. */
interface Filing {
  appliesTo: ParameterChoices;
  centre: 'VFS Global' | 'BLS International';
}
const US_FILING: Filing = { appliesTo: FROM_US, centre: 'VFS Global' };
const CA_FILING: Filing = { appliesTo: FROM_CA, centre: 'BLS International' };

/**
 * What the customer pays the centre on an OCI file: our price carries the centre's service fee,
 * not VFS Global's reference fee or return shipping, nor BLS International's courier
 * (catalog-facts §1, §6).
 */
const OCI_PAID_AT_CENTRE: Record<Filing['centre'], string> = {
  'VFS Global': 'pay VFS Global the $20 reference fee if it applies to you, and return shipping if you file by post.',
  'BLS International': 'pay BLS International its courier fee, CA$20 regular or CA$30 express.',
};

/** The same row written once per country, each true for its own. */
function perCountry<T extends CountryBound>(
  filings: readonly Filing[],
  write: (filing: Filing) => Omit<T, 'appliesTo'>,
): T[] {
  return filings.map((filing) => ({ ...write(filing), appliesTo: filing.appliesTo }) as T);
}

/* Timelines share their first days: our review and preparation happen before any government step. */
const REVIEW_DAY: SeedTimelineEntry = {
  title: 'Document review',
  description:
    'A case specialist reads every upload within one business day and sends you a single list of anything missing, unreadable or out of date.',
  duration: 'Day 1',
};

type Processing = Omit<SeedTimelineEntry, 'appliesTo'>;

/**
 * A timeline for a file sent to the consulate through its application centre: the same first
 * days everywhere, then the centre, the consulate's processing and the return, per country.
 * `processing` names the countries the package is offered in.
 */
function outsourcerTimeline(
  form: string,
  processing: { US?: Processing; CA?: Processing },
  delivery: (centre: Filing['centre']) => Processing,
  extra: SeedTimelineEntry[] = [],
): SeedTimelineEntry[] {
  const filings = [processing.US ? US_FILING : null, processing.CA ? CA_FILING : null].filter(
    (f): f is Filing => f !== null,
  );
  const processingOf = (filing: Filing) => (filing === US_FILING ? processing.US : processing.CA) as Processing;
  return [
    REVIEW_DAY,
    {
      title: 'Forms ready to sign',
      description: `We complete the ${form}, size your photo and signature to the portal rules and send everything to you for a final read before anything is filed.`,
      duration: 'Days 2–3',
    },
    ...extra,
    ...perCountry<SeedTimelineEntry>(filings, ({ centre }) => ({
      title: `File sent to ${centre}`,
      description:
        'You sign and mail the printed file in checklist order (or drop it off); we confirm that the centre has received it and that no document is queried.',
      duration: 'Within 1 week',
    })),
    ...perCountry<SeedTimelineEntry>(filings, processingOf),
    ...perCountry<SeedTimelineEntry>(filings, ({ centre }) => delivery(centre)),
  ];
}

const OCI_DELIVERY = (centre: string): Processing => ({
  title: 'Card dispatched',
  description: `${centre} couriers the OCI card (and your passport, if it was sent in) back to you; check the card details the day it arrives.`,
  duration: 'When granted',
});

const PASSPORT_DELIVERY = (centre: string): Processing => ({
  title: 'New passport returned',
  description: `The consulate returns the new passport with the old one cancelled, by the return courier you paid for at ${centre}.`,
  duration: 'When printed',
});

const SURRENDER_DELIVERY = (): Processing => ({
  title: 'Surrender certificate returned',
  description:
    'You receive the surrender certificate and your cancelled Indian passport; keep both, because the OCI application asks for them.',
  duration: 'When issued',
});

/** What a consulate does with a file, and how long it takes from each country. */
const consulate = (us: string, usWeeks: string, ca: string, caWeeks: string, title = 'Consulate processing') => ({
  US: { title, description: us, duration: usWeeks },
  CA: { title, description: ca, duration: caWeeks },
});

export const CATALOG_CONTENT: readonly SeedServiceContent[] = [
  {
    serviceSlug: 'oci-card',
    steps: [
      {
        title: 'Choose your OCI package',
        description:
          'Pick a new card, a card for a minor, a re-issue or a replacement for a lost card; the price shows the government, ICWF and application-centre fees apart from ours.',
        icon: 'id-card',
      },
      {
        title: 'Answer one questionnaire',
        description:
          'Plain-English questions about you, your parents and your Indian origin. We set the answers out in the government OCI form’s order, ready to copy into the portal when you submit it, and flag anything that does not match your passport.',
        icon: 'file-text',
      },
      {
        title: 'Upload documents, photo and signature',
        description:
          'We resize the photo to a square JPEG of 200–1500 px under 500 KB and crop the signature to 1:3. We keep your supporting documents as you send them: the OCI portal takes each as a PDF of at most 1000 KB, so keep one of that size to upload there.',
        icon: 'camera',
      },
      ...perCountry<SeedStep>([US_FILING, CA_FILING], ({ centre }) => ({
        title: 'We check the file and you send it',
        description: `A specialist checks every page against the ${centre} checklist; you sign the printed file and send it to ${centre}. Its service fee is in your price; ${OCI_PAID_AT_CENTRE[centre]}`,
        icon: 'shield-check',
      })),
      {
        title: 'Track it until the card arrives',
        description:
          'We follow the application at the centre and the consulate and tell you when it is granted and dispatched.',
        icon: 'clock',
      },
    ],
    details: [
      {
        title: 'Who can apply',
        description:
          'A foreign citizen who was, or whose parent, grandparent or great-grandparent was, a citizen of India on or after 26 January 1950, and the foreign spouse of an Indian citizen or OCI holder after two years of marriage. Anyone who is or was a citizen of Pakistan or Bangladesh cannot apply.',
      },
      {
        title: 'Surrender your Indian passport first',
        description:
          'A former Indian citizen needs the surrender certificate, or a cancelled Indian passport, to apply. The two applications can be prepared together, but the OCI file needs the surrender certificate number, so it goes to VFS Global once the certificate is issued.',
        appliesTo: FROM_US,
      },
      {
        title: 'Surrender your Indian passport first',
        description:
          'A former Indian citizen needs the surrender certificate, or a cancelled Indian passport, to apply. BLS International accepts the OCI application only once the surrender is complete, so plan for both steps.',
        appliesTo: FROM_CA,
      },
      {
        title: 'What the fees pay for',
        description:
          'The government fee for a new card is $275, plus $3 for the Indian Community Welfare Fund (ICWF) and $15.90 to VFS Global, which receives OCI applications for the consulate. If you hold a passport other than a US one, or have lived in the USA for less than two years, VFS adds a $20 reference fee.',
        appliesTo: FROM_US,
      },
      {
        title: 'What the fees pay for',
        description:
          'The government fee for a new card is CA$421, plus CA$4 for the Indian Community Welfare Fund (ICWF) and CA$7.40 to BLS International, which receives OCI applications for the consulate.',
        appliesTo: FROM_CA,
      },
    ],
    packageDetails: {
      'oci-card-for-minor': [
        {
          title: 'Both parents sign',
          description:
            'The application’s declaration and the Parental Authorization Form are signed by both parents and the form is notarised. In the box under the photo, a child of 5 or older signs their own name, and a younger child gives a thumb impression (left thumb for boys, right thumb for girls).',
        },
      ],
      'oci-reissue': [
        {
          title: 'When a re-issue is needed',
          description:
            'An OCI card is re-issued only once, when you get a new passport after turning 20. The older rule, a new card with every passport up to age 20 and again after 50, no longer applies; we confirm your case before you apply.',
        },
      ],
      'lost-or-damaged-oci': [
        {
          title: 'Police report and affidavit',
          description:
            'Report the loss to your local police and keep the report number. We draft the affidavit describing when and how the card was lost or damaged; you sign it before a notary.',
        },
      ],
    },
    timelines: {
      'new-oci-card': outsourcerTimeline(
        'government OCI form',
        consulate(
          'The consulate reviews the file and may ask VFS Global for more documents. This usually takes 6–10 weeks after VFS receives the file.',
          'Weeks 2–10',
          'The consulate reviews the file and may ask BLS International for more documents. This usually takes 6–8 weeks after BLS receives the file.',
          'Weeks 2–8',
        ),
        OCI_DELIVERY,
      ),
      'oci-card-for-minor': outsourcerTimeline(
        'government OCI form in your child’s name',
        consulate(
          'The consulate checks the parents’ documents and the authorization form along with the child’s file: usually 6–10 weeks.',
          'Weeks 2–10',
          'The consulate checks the parents’ documents and the authorization form along with the child’s file: usually 6–8 weeks.',
          'Weeks 2–8',
        ),
        OCI_DELIVERY,
        [
          {
            title: 'Parental Authorization Form notarised',
            description:
              'Both parents sign the form before a notary; we check the seal, dates and signatures before the file goes out.',
            duration: 'Days 3–5',
          },
        ],
      ),
      'oci-reissue': outsourcerTimeline(
        'OCI re-issue form with your new passport details',
        consulate(
          'A re-issue is quicker than a new card: about 6–7 weeks.',
          'Weeks 2–7',
          'The consulate prints the card with your new passport details: usually 6–8 weeks.',
          'Weeks 2–8',
        ),
        OCI_DELIVERY,
      ),
      'lost-or-damaged-oci': outsourcerTimeline(
        'OCI form for a lost or damaged card',
        consulate(
          'The consulate verifies your earlier registration before printing a new card: usually 6–10 weeks.',
          'Weeks 2–10',
          'The consulate verifies your earlier registration before printing a new card: usually 6–8 weeks.',
          'Weeks 2–8',
        ),
        OCI_DELIVERY,
        [
          {
            title: 'Police report and affidavit ready',
            description: 'You file the police report; we draft the affidavit for you to sign before a notary.',
            duration: 'Days 2–5',
          },
        ],
      ),
    },
    faqs: [
      {
        question: 'Can I travel to India while my OCI application is being processed?',
        answer:
          'Yes, on a valid Indian visa. The OCI card is not an entry document until it is granted, so apply for an e-Visa if you need to travel before the card arrives.',
      },
      {
        question: 'Do I need a new OCI card every time I renew my foreign passport?',
        answer:
          'No. The card is re-issued only once, when you get a new passport after turning 20. Between renewals you only update the new passport details on the OCI portal, which we can do for you.',
      },
      {
        question: 'Why does VFS Global charge a fee on top of the government fee?',
        answer:
          'The consulates in the USA have VFS Global receive OCI applications for them, and its $15.90 fee is mandatory. We show it on its own line, at cost.',
        appliesTo: FROM_US,
      },
      {
        question: 'Why does BLS International charge a fee on top of the government fee?',
        answer:
          'The consulates in Canada have BLS International receive OCI applications for them, and its CA$7.40 fee is mandatory. We show it on its own line, at cost.',
        appliesTo: FROM_CA,
      },
      {
        question: 'My Indian passport was never surrendered. Can I still apply for OCI?',
        answer:
          'Not yet. A former Indian citizen must first renounce Indian citizenship and get a surrender certificate, which our Renunciation of Indian Passport service handles; the OCI application can follow as soon as it is issued.',
      },
    ],
  },
  {
    serviceSlug: 'indian-passport-renewal',
    steps: [
      {
        title: 'Choose your renewal',
        description:
          'Adult, minor, Tatkal, or a lost or damaged passport: the price lists the passport fee, the ICWF and the application-centre fee apart from ours.',
        icon: 'book-open',
      },
      {
        title: 'We fill in the Passport Seva form',
        description:
          'We complete the online application on the Passport Seva portal for Indians abroad, and the annexures your case needs (Annexure E for adults, Annexure D for minors, Annexure F for a lost passport).',
        icon: 'file-text',
      },
      {
        title: 'Gather copies and photos',
        description:
          'Copies of the first five and last two pages of your passport, proof of US status (a visa with I-797, or a green card), proof of address and two 2×2 in photos on a white background.',
        icon: 'camera',
        appliesTo: FROM_US,
      },
      {
        title: 'Gather copies and photos',
        description:
          'Copies of the first five and last two pages of your passport, proof of Canadian status (a PR card and landing paper, or a permit), proof of address and two 2×2 in photos on a white background.',
        icon: 'camera',
        appliesTo: FROM_CA,
      },
      ...perCountry<SeedStep>([US_FILING, CA_FILING], ({ centre }) => ({
        title: 'We check the file and you mail it',
        description: `A specialist checks every copy against the ${centre} checklist; you mail the file with your original passport and a prepaid return.`,
        icon: 'shield-check',
      })),
      {
        title: 'The consulate prints your new passport',
        description: 'We track the application until the new passport is dispatched with the old one cancelled.',
        icon: 'clock',
      },
    ],
    details: [
      {
        title: 'Fees since 1 July 2026',
        description:
          'The Passports (Amendment) Rules 2026 raised the fees abroad: an adult 36-page renewal now costs $125, a 60-page booklet $175 and a minor’s passport $90, plus $2 ICWF and $15.90 to VFS Global.',
        appliesTo: FROM_US,
      },
      {
        title: 'What the fees pay for',
        description:
          'Each price shows the consulate’s passport fee in Canadian dollars, the ICWF and CA$7.40 to BLS International, which receives applications for the consulate. If the consulate charges a different amount when you apply, we refund the difference or ask you for it before your application is submitted.',
        appliesTo: FROM_CA,
      },
      {
        title: 'Keep your status documents valid',
        description:
          'VFS Global needs proof that you live in the USA legally: a valid visa with I-797 or I-20, or a green card. An expired document is the most common reason a file is returned.',
        appliesTo: FROM_US,
      },
      {
        title: 'Keep your status documents valid',
        description:
          'BLS International needs proof that you live in Canada legally: a PR card or a valid permit. An expired document is the most common reason a file is returned.',
        appliesTo: FROM_CA,
      },
    ],
    packageSteps: {
      tatkal: [
        {
          title: 'Confirm that Tatkal fits',
          description:
            'Tatkal is for a valid passport with no change of birth date, birthplace, appearance, signature or major name change, and never for a lost or damaged passport.',
          icon: 'shield-check',
        },
        {
          title: 'We prepare the form the same day',
          description: 'We complete the Passport Seva form as soon as your documents are in.',
          icon: 'file-text',
          appliesTo: FROM_US,
        },
        {
          title: 'We prepare the form and the emergency letter',
          description:
            'We complete the Passport Seva form and a short letter explaining the emergency, which the consulate asks for.',
          icon: 'file-text',
          appliesTo: FROM_CA,
        },
        ...perCountry<SeedStep>([US_FILING, CA_FILING], ({ centre }) => ({
          title: 'Priority file check',
          description: `A specialist checks the file the same business day so that it reaches ${centre} without delay.`,
          icon: 'clock',
        })),
        {
          title: 'The consulate issues after police verification',
          description:
            'The new passport is issued in about five working days once a clear police verification report is on record.',
          icon: 'badge-check',
          appliesTo: FROM_US,
        },
        {
          title: 'The consulate issues the passport',
          description:
            'The new passport is usually issued within 1–3 business days of the consulate receiving the file.',
          icon: 'badge-check',
          appliesTo: FROM_CA,
        },
      ],
    },
    packageDetails: {
      'lost-or-damaged': [
        {
          title: 'Why it takes longer',
          description:
            'The consulate confirms your Indian nationality before issuing a passport in place of a lost one, which adds two to four weeks or more. File a police report first; we prepare Annexure F and the copies of your old passport you still have.',
        },
      ],
      minor: [
        {
          title: 'Both parents sign',
          description:
            'Both parents sign the application and Annexure D, or one parent signs alone with Annexure C, and send copies of their passports.',
          appliesTo: FROM_US,
        },
        {
          title: 'Both parents sign',
          description:
            'Both parents sign the application and Annexure D (Annexure C when one parent applies alone), and send copies of their passports and PR cards.',
          appliesTo: FROM_CA,
        },
      ],
    },
    timelines: {
      'adult-36-pages': outsourcerTimeline(
        'Passport Seva form and Annexure E',
        consulate(
          'About 30 working days after the consulate receives the file from VFS Global.',
          'Weeks 2–7',
          'Usually 2–4 weeks after the consulate receives the file from BLS International, longer at busy times.',
          'Weeks 2–5',
        ),
        PASSPORT_DELIVERY,
      ),
      'adult-60-pages': outsourcerTimeline(
        'Passport Seva form and Annexure E',
        {
          US: {
            title: 'Consulate processing',
            description: 'About 30 working days after the consulate receives the file from VFS Global.',
            duration: 'Weeks 2–7',
          },
        },
        PASSPORT_DELIVERY,
      ),
      minor: outsourcerTimeline(
        'Passport Seva form and Annexure D',
        consulate(
          'About 30 working days after the consulate receives the file from VFS Global.',
          'Weeks 2–7',
          'Usually 2–3 weeks after the consulate receives the file from BLS International.',
          'Weeks 2–4',
        ),
        PASSPORT_DELIVERY,
      ),
      tatkal: [
        { ...REVIEW_DAY, description: 'Your documents are reviewed the same business day they arrive.' },
        {
          title: 'File ready',
          description: 'We complete the form and send it to you for a final read.',
          duration: 'Day 1–2',
          appliesTo: FROM_US,
        },
        {
          title: 'File and emergency letter ready',
          description: 'We complete the form and the emergency letter and send them to you for a final read.',
          duration: 'Day 1–2',
          appliesTo: FROM_CA,
        },
        ...perCountry<SeedTimelineEntry>([US_FILING, CA_FILING], ({ centre }) => ({
          title: `File with ${centre}`,
          description: 'You submit the file with the Tatkal fee; we confirm receipt at the centre.',
          duration: 'Day 2–3',
        })),
        {
          title: 'Tatkal processing',
          description: 'About 5 working days once a clear police verification report is on record.',
          duration: 'About 5 working days',
          appliesTo: FROM_US,
        },
        {
          title: 'Tatkal processing',
          description: 'Usually 1–3 business days after the consulate receives the file.',
          duration: '1–3 business days',
          appliesTo: FROM_CA,
        },
        ...perCountry<SeedTimelineEntry>([US_FILING, CA_FILING], ({ centre }) => PASSPORT_DELIVERY(centre)),
      ],
      'lost-or-damaged': outsourcerTimeline(
        'Passport Seva form and Annexure F',
        {
          US: {
            title: 'Nationality check and processing',
            description:
              'The consulate verifies your nationality before printing: at least 2–4 weeks after it receives the file, often about 6 weeks.',
            duration: 'Weeks 2–7',
          },
          CA: {
            title: 'Nationality check and processing',
            description:
              'The consulate verifies your nationality before printing: at least 2–4 weeks after it receives the file, often about 6 weeks.',
            duration: 'Weeks 2–7',
          },
        },
        PASSPORT_DELIVERY,
        [
          {
            title: 'Police report on file',
            description: 'You report the loss to the local police; we add the report to the file.',
            duration: 'Days 2–5',
          },
        ],
      ),
    },
    faqs: [
      {
        question: 'When should I renew my Indian passport?',
        answer:
          'Up to a year before it expires, or as soon as it runs out of pages. Many countries refuse entry on a passport valid for less than six months, so do not wait for the last month.',
      },
      {
        question: 'Do I get my old passport back?',
        answer:
          'Yes. The consulate cancels the old passport, usually by cutting its corner, and returns it with the new one. Keep it: it may hold valid visas and is proof of your travel history.',
      },
      {
        question: 'Can I change my name or address in the renewal?',
        answer:
          'Yes. A change of address needs proof of the new address; a change of name after marriage needs the marriage certificate, and other name changes a gazette notification or deed poll. A major name change rules out Tatkal.',
      },
      {
        question: 'What if the consulate in Canada charges a different passport fee?',
        answer:
          'Prices for applications from Canada show the consulate’s passport fee in Canadian dollars. If the consulate charges a different amount when you apply, we refund the difference or ask you for it before your application is submitted.',
        appliesTo: FROM_CA,
      },
    ],
  },
  {
    serviceSlug: 'renunciation-of-indian-passport',
    steps: [
      {
        title: 'Tell us when you became a foreign citizen',
        description:
          'The fee depends on the date of naturalisation: on or after 1 June 2010, or before. Travel on the Indian passport after that date adds a penalty.',
        icon: 'landmark',
      },
      {
        title: 'We fill in the renunciation form',
        description:
          'We complete the online renunciation application and the declaration, and print the forms in the order the application centre asks for them.',
        icon: 'file-text',
      },
      {
        title: 'Gather your documents',
        description:
          'Your last Indian passport (original and copies), naturalisation or citizenship certificate, a copy of your foreign passport and proof of address.',
        icon: 'book-user',
      },
      ...perCountry<SeedStep>([US_FILING, CA_FILING], ({ centre }) => ({
        title: 'We check and you send the original passport',
        description: `A specialist checks every copy; you send the file with the original Indian passport to ${centre}.`,
        icon: 'shield-check',
      })),
      {
        title: 'Receive your surrender certificate',
        description:
          'The consulate issues the certificate and returns the cancelled passport; your OCI application can follow.',
        icon: 'badge-check',
      },
    ],
    details: [
      {
        title: 'Penalties for late surrender or travel',
        description:
          'Travelling on an Indian passport after becoming a foreign citizen costs Rs 10,000 per trip, up to Rs 50,000, and keeping the passport for more than three years after naturalisation adds Rs 10,000; the consulate calculates the amount after it receives the file and you pay it separately.',
      },
      {
        title: 'If your Indian passport is lost',
        description:
          'You can still renounce: the consulate asks for a notarised affidavit about the loss, a police report and proof of the earlier passport, such as an old visa page.',
        appliesTo: FROM_US,
      },
      {
        title: 'If your Indian passport is lost',
        description:
          'You can still renounce: the consulate asks for a notarised affidavit about the loss, a police report and proof of the earlier passport, such as your record of landing.',
        appliesTo: FROM_CA,
      },
    ],
    timelines: {
      'surrender-certificate-from-june-2010': outsourcerTimeline(
        'renunciation form and declaration',
        consulate(
          'About 10–15 working days after VFS Global receives the file.',
          'Weeks 2–4',
          'Usually 2–4 weeks after BLS International receives the file.',
          'Weeks 2–5',
        ),
        SURRENDER_DELIVERY,
      ),
      'surrender-certificate-before-june-2010': outsourcerTimeline(
        'renunciation form and declaration',
        consulate(
          'About 10–15 working days after VFS Global receives the file.',
          'Weeks 2–4',
          'Usually 2–4 weeks after BLS International receives the file.',
          'Weeks 2–5',
        ),
        SURRENDER_DELIVERY,
      ),
    },
    faqs: [
      {
        question: 'Do I have to renounce Indian citizenship after taking another one?',
        answer:
          'Yes. India does not allow dual citizenship: Indian citizenship ends when you acquire another one, and the Citizenship Act requires you to surrender the Indian passport. The surrender certificate is the proof.',
      },
      {
        question: 'How much is the penalty if I travelled on my Indian passport?',
        answer:
          'Rs 10,000 per trip made on the Indian passport after you took the new citizenship, up to Rs 50,000, plus Rs 10,000 if you kept the passport for more than three years. The consulate works it out after receiving your file and you pay it to the consulate; it is not part of our price.',
      },
      {
        question: 'Can I apply for OCI at the same time from the USA?',
        answer:
          'Yes, the two files can be prepared together. The OCI application needs your surrender certificate number, so it goes to VFS Global as soon as the certificate is issued.',
        appliesTo: FROM_US,
      },
      {
        question: 'Can I apply for OCI at the same time from Canada?',
        answer:
          'Not quite. BLS International accepts an OCI application only once the surrender is complete, so the OCI file goes in as soon as your surrender certificate arrives.',
        appliesTo: FROM_CA,
      },
    ],
  },
  {
    serviceSlug: 'power-of-attorney',
    steps: [
      {
        title: 'Send us your draft',
        description:
          'Upload the power of attorney your lawyer or family in India prepared, or tell us what it must allow and we list what an Indian registrar expects to see.',
        icon: 'file-signature',
      },
      {
        title: 'We review the wording',
        description:
          'We check the names as they appear in your passport, the property description, the attorney’s details and the stamp-paper format used in the Indian state concerned.',
        icon: 'scroll-text',
      },
      {
        title: 'Sign before a notary and two witnesses',
        description:
          'You sign in front of a notary with two witnesses. If you are not an Indian citizen, your state’s Secretary of State apostilles the document first.',
        icon: 'stamp',
        appliesTo: FROM_US,
      },
      {
        title: 'Sign before a notary and two witnesses',
        description:
          'You sign in front of a notary with two witnesses. If you are not an Indian citizen, your province or Global Affairs Canada then apostilles the document, and you send it to your attorney in India as it is: an apostilled document needs no attestation by the consulate. Indian citizens go on to the consulate.',
        icon: 'stamp',
        appliesTo: FROM_CA,
      },
      {
        title: 'We prepare the attestation request',
        description:
          'We complete the consulate’s form, list the copies of passport, status and address it asks for and prepare the prepaid return envelope.',
        icon: 'file-text',
      },
      {
        title: 'Attested document returned',
        description:
          'The consulate attests the document and returns it; you send the original to your attorney in India.',
        icon: 'badge-check',
      },
    ],
    details: [
      {
        title: 'Stamp it in India within three months',
        description:
          'A power of attorney signed abroad must be stamped (adjudicated) at the Indian sub-registrar’s office within three months of reaching India, or it attracts a penalty. Tell your attorney when to expect it.',
      },
      {
        title: 'Attestation fees',
        description: 'The consulate charges $10 per attestation and $10 per attested photograph, plus $2 ICWF.',
        appliesTo: FROM_US,
      },
      {
        title: 'Attestation fees',
        description:
          'The consulate charges CA$35 per seal for a property document and CA$19 for other civil documents, plus CA$7.40 to BLS International where the file goes through it.',
        appliesTo: FROM_CA,
      },
    ],
    timelines: {
      'property-power-of-attorney': [
        REVIEW_DAY,
        {
          title: 'Draft reviewed and corrected',
          description:
            'We return the draft with corrections and the exact signing instructions for you and your witnesses.',
          duration: 'Days 2–3',
        },
        {
          title: 'Notarised and apostilled',
          description:
            'You sign before a notary; if you are not an Indian citizen, your state apostilles it (a few days in person, longer by mail).',
          duration: 'Days 3–10',
          appliesTo: FROM_US,
        },
        {
          title: 'Notarised and apostilled',
          description:
            'You sign before a notary; if you are not an Indian citizen, your province or Global Affairs Canada apostilles it (a few days in person, longer by mail), and it needs no attestation by the consulate.',
          duration: 'Days 3–10',
          appliesTo: FROM_CA,
        },
        {
          title: 'Attestation at the consulate',
          description: 'Same day in person where the consulate allows it; about 15 business days by mail.',
          duration: 'Weeks 2–4',
          appliesTo: FROM_US,
        },
        {
          title: 'Attestation at the consulate',
          description: 'For a document without an apostille: same day in person; 10–12 business days by post.',
          duration: 'Weeks 2–3',
          appliesTo: FROM_CA,
        },
        {
          title: 'Sent to India',
          description: 'You courier the original to your attorney, who has it stamped within three months.',
          duration: 'After attestation',
        },
      ],
      'civil-document-attestation': [
        REVIEW_DAY,
        {
          title: 'Document reviewed',
          description:
            'We confirm that the affidavit or declaration reads the way the Indian office receiving it expects.',
          duration: 'Days 2–3',
        },
        {
          title: 'Notarised, apostilled if needed',
          description:
            'If you are not an Indian citizen, your state apostilles the document first; Indian citizens go straight to the consulate.',
          duration: 'Days 3–10',
          appliesTo: FROM_US,
        },
        {
          title: 'Notarised, apostilled if needed',
          description:
            'If you are not an Indian citizen, your province or Global Affairs Canada apostilles the document, and it needs no attestation by the consulate; Indian citizens go straight to the consulate.',
          duration: 'Days 3–10',
          appliesTo: FROM_CA,
        },
        {
          title: 'Attestation at the consulate',
          description: 'Same day in person at some consulates; about 15 business days by mail.',
          duration: 'Weeks 2–4',
          appliesTo: FROM_US,
        },
        {
          title: 'Attestation at the consulate',
          description: 'For a document without an apostille: same day in person; 10–12 business days by post.',
          duration: 'Weeks 2–3',
          appliesTo: FROM_CA,
        },
      ],
    },
    faqs: [
      {
        question: 'Does a power of attorney for Indian property signed in the USA need attestation by the consulate?',
        answer:
          'Yes. Indian sub-registrars and banks accept a power of attorney signed abroad once an Indian mission has attested it. Indian citizens go to the consulate after the notary; others have the document apostilled first and then attested.',
        appliesTo: FROM_US,
      },
      {
        question: 'Does a power of attorney for Indian property signed in Canada need attestation by the consulate?',
        answer:
          'Not once it is apostilled. Indian sub-registrars and banks accept a power of attorney signed abroad once an Indian mission has attested it, and an apostille from your province or Global Affairs Canada takes the place of that attestation. Indian citizens go to the consulate after the notary; others have the document apostilled instead.',
        appliesTo: FROM_CA,
      },
      {
        question: 'Can one power of attorney cover several properties?',
        answer:
          'Yes, when each property is described in full (survey or flat number, address and registration details). A specific power of attorney per transaction is accepted more readily by banks and registrars.',
      },
      {
        question: 'How many witnesses do I need?',
        answer:
          'Two adult witnesses who sign in front of the notary with you and give their names and addresses; they may be family members but not the attorney named in the document.',
      },
    ],
  },
  {
    serviceSlug: 'indian-visa',
    steps: [
      {
        title: 'Choose the e-Visa you need',
        description: 'A tourist visa for 30 days, 1 year or 5 years, or a business visa, for travel to India.',
        icon: 'plane',
      },
      {
        title: 'Answer our questionnaire',
        description:
          'We set out your answers in the order of the official e-Visa form on the Government of India portal and check them against your passport.',
        icon: 'file-text',
      },
      {
        title: 'Upload your photo and passport page',
        description:
          'We fit the photo to the portal rules (square JPEG, 10 KB–1 MB, plain light background, no glasses). We keep your passport scan as you send it: the portal takes the bio page as a PDF of 10–300 KB, so keep one of that size to upload there.',
        icon: 'camera',
      },
      {
        title: 'You pay the government fee on the official portal',
        description:
          'When you submit, the portal takes the visa fee and its 2.5% bank charge in US dollars, by card. They are not in our price.',
        icon: 'lock-keyhole',
        appliesTo: US_CITIZENS,
      },
      {
        title: 'You pay the government fee on the official portal',
        description:
          'When you submit, the portal takes the visa fee and its 2.5% bank charge in US dollars, by card. They are not in our price; beside it we show them in Canadian dollars.',
        icon: 'lock-keyhole',
        appliesTo: CA_CITIZENS,
      },
      {
        title: 'Receive your e-Visa',
        description:
          'Most decisions arrive by e-mail within 72 hours. Print the approval and carry it with the same passport.',
        icon: 'badge-check',
      },
    ],
    details: [
      {
        title: 'When to apply',
        description:
          'Apply 4 to 30 days before arrival for the 30-day e-Tourist visa, and up to 120 days before for the 1-year and 5-year visas. Your passport must be valid for six months from arrival with two blank pages.',
      },
      {
        title: 'Official portal only',
        description:
          'The Government of India says that no agent is authorised to offer "express" e-Visas. We prepare and review your application; the decision and its speed are the government’s.',
      },
    ],
    timelines: {
      'e-tourist-30-days': [
        {
          ...REVIEW_DAY,
          description:
            'We check that your passport scan is clear and fit your photo to the portal rules the day you upload them.',
        },
        {
          title: 'Application submitted',
          description: 'You approve the completed form, submit it and pay the government fee on the official portal.',
          duration: 'Day 1–2',
        },
        {
          title: 'Government decision',
          description:
            'Usually within 72 hours; apply no later than 4 days and no earlier than 30 days before arrival.',
          duration: 'Up to 72 hours',
        },
        {
          title: 'Travel',
          description: 'Double entry, valid 30 days from the day you first arrive in India.',
          duration: 'Within 30 days',
        },
      ],
      'e-tourist-1-year': [
        {
          ...REVIEW_DAY,
          description:
            'We check that your passport scan is clear and fit your photo to the portal rules the day you upload them.',
        },
        {
          title: 'Application submitted',
          description: 'You approve the completed form, submit it and pay the government fee on the official portal.',
          duration: 'Day 1–2',
        },
        {
          title: 'Government decision',
          description: 'Usually within 72 hours; apply up to 120 days before you travel.',
          duration: 'Up to 72 hours',
        },
        {
          title: 'Travel for a year',
          description: 'Multiple entries for one year from approval, each stay up to 180 days.',
          duration: '1 year',
        },
      ],
      'e-tourist-5-years': [
        {
          ...REVIEW_DAY,
          description:
            'We check that your passport scan is clear and fit your photo to the portal rules the day you upload them.',
        },
        {
          title: 'Application submitted',
          description: 'You approve the completed form, submit it and pay the government fee on the official portal.',
          duration: 'Day 1–2',
        },
        {
          title: 'Government decision',
          description: 'Usually within 72 hours; apply up to 120 days before you travel.',
          duration: 'Up to 72 hours',
        },
        {
          title: 'Travel for five years',
          description: 'Multiple entries for five years from approval, each stay up to 180 days.',
          duration: '5 years',
        },
      ],
      'e-business': [
        {
          ...REVIEW_DAY,
          description:
            'We check your passport scan, photo, business card and the invitation letter from the Indian company.',
        },
        {
          title: 'Application submitted',
          description:
            'You approve the form, with the Indian company’s details, submit it and pay the fee on the official portal.',
          duration: 'Day 1–2',
        },
        {
          title: 'Government decision',
          description: 'Usually within 72 hours.',
          duration: 'Up to 72 hours',
        },
        {
          title: 'Business travel',
          description: 'Valid for one year with multiple entries; carry the invitation letter when you travel.',
          duration: '1 year',
        },
      ],
    },
    faqs: [
      {
        question: 'How much does an Indian e-Visa cost for US citizens?',
        answer:
          'The government fee for a 30-day e-Tourist visa is $25 from July to March and $10 from April to June, plus a 2.5% bank charge. The 1-year and 5-year visas cost more; each package shows its fee before you pay.',
        appliesTo: US_CITIZENS,
      },
      {
        question: 'How much does an Indian e-Visa cost for Canadian citizens?',
        answer:
          'The portal charges US$25 for a 30-day e-Tourist visa from July to March and US$10 from April to June, plus a 2.5% bank charge; each package shows the fee in Canadian dollars before you pay. The 1-year and 5-year visas cost more.',
        appliesTo: CA_CITIZENS,
      },
      {
        question: 'Can Canadian citizens get an Indian e-Visa again?',
        answer:
          'Yes. e-Visas for Canadians were suspended in September 2023 and all categories were restored on 22 November 2023.',
        appliesTo: CA_CITIZENS,
      },
      {
        question: 'How long can I stay in India on a tourist e-Visa?',
        answer: 'Up to 30 days on the 30-day visa. On the 1-year and 5-year visas, each stay may last up to 180 days.',
      },
      {
        question: 'Can I use an e-Visa if I am an OCI card holder?',
        answer:
          'You do not need one: an OCI card with the passport it is linked to lets you enter India without a visa.',
      },
    ],
  },
  {
    serviceSlug: 'visa-application-centre-support',
    steps: [
      {
        title: 'Tell us what you are filing',
        description:
          'A paper visa, a police clearance certificate, a miscellaneous passport service: we confirm which form and checklist the application centre uses for it.',
        icon: 'building-2',
      },
      {
        title: 'We complete the forms',
        description:
          'Online application forms and the centre’s own cover sheets, filled in and checked against your passport.',
        icon: 'file-text',
      },
      {
        title: 'File assembled in checklist order',
        description:
          'We list every copy and photo the checklist asks for, in the order the centre expects, so the file is not returned for a missing page.',
        icon: 'shield-check',
      },
      {
        title: 'Appointment booked',
        description: 'We book your VFS Global appointment, or the mail-in slot.',
        icon: 'clock',
        appliesTo: FROM_US,
      },
      {
        title: 'Appointment booked',
        description:
          'We book your BLS International appointment, or the mail-in slot; applicants aged 12 to 70 give biometrics in person for some visas.',
        icon: 'clock',
        appliesTo: FROM_CA,
      },
      {
        title: 'Tracked until it is back',
        description: 'We follow the application until the passport or document is returned.',
        icon: 'badge-check',
      },
    ],
    details: [
      {
        title: 'Extras paid at the centre',
        description:
          'Courier and photocopies are optional and paid at VFS Global; VFS adds a $20 reference fee for passports other than US ones.',
        appliesTo: FROM_US,
      },
      {
        title: 'Extras paid at the centre',
        description:
          'Courier, photos and photocopies are optional and paid at BLS International: CA$15 for four photos and CA$20 to CA$50 for courier.',
        appliesTo: FROM_CA,
      },
    ],
    timelines: {
      'paper-visa-application': outsourcerTimeline(
        'online visa form and the centre’s cover sheets',
        consulate(
          'Usually 18–20 working days, depending on the visa and your nationality.',
          'Weeks 2–5',
          'About 7 business days for an entry visa.',
          'Weeks 2–3',
        ),
        () => ({
          title: 'Passport returned with the visa',
          description: 'The centre returns your passport with the visa by the courier you chose.',
          duration: 'When issued',
        }),
      ),
      'consular-appointment-file-check': [
        REVIEW_DAY,
        {
          title: 'Forms and checklist checked',
          description: 'We go through your completed forms line by line and mark every correction.',
          duration: 'Days 2–3',
        },
        ...perCountry<SeedTimelineEntry>([US_FILING, CA_FILING], ({ centre }) => ({
          title: 'Appointment booked',
          description: `We book the first suitable ${centre} appointment and send you the confirmation.`,
          duration: 'Within 1 week',
        })),
        {
          title: 'You submit at the centre',
          description: 'You attend with the checked file; processing then follows the mission’s own timelines.',
          duration: 'At your appointment',
        },
      ],
    },
    faqs: [
      {
        question: 'When do I need a paper visa instead of an e-Visa?',
        answer:
          'When the e-Visa does not cover your trip: stays of more than 180 days at a time, employment, student or journalist visas, or an entry visa for a former Indian citizen.',
      },
      {
        question: 'Do you attend the appointment for me?',
        answer:
          'No. The application centre sees the applicant, or receives the file by mail, and biometrics are given in person. We prepare the file and book the slot so the visit takes minutes.',
      },
      {
        question: 'Is the consular fee included in the File Check package?',
        answer:
          'No. The fee of the service you file, such as a police clearance certificate, is set by the mission and paid at the centre. The package covers our checking and the appointment.',
      },
    ],
  },
  {
    serviceSlug: 'photo-enhancement',
    steps: [
      {
        title: 'Take a photo at home',
        description:
          'Stand about four feet from a plain wall in daylight, face the camera and keep a neutral expression; any recent phone will do.',
        icon: 'camera',
      },
      {
        title: 'Tell us the document',
        description:
          'US passport (2×2 in), Indian passport (630 × 810 px for the online form, 2×2 in prints for VFS or BLS), OCI (square, 200–1500 px, under 500 KB) or e-Visa (square, 10 KB–1 MB): we size it to that rule.',
        icon: 'id-card',
      },
      {
        title: 'We check it and fit it',
        description: `We measure the photo against the rule (one face, head size, eye line, tilt, background, focus, light) and tell you what to fix. ${PHOTO_PROMISE.SEVAPHOTOS} The US, India and Canada refuse altered photos.`,
        icon: 'sparkles',
      },
      {
        title: 'Get it your way',
        description:
          'A digital file within 24 hours, prints mailed to your home, or prints ready at a pharmacy photo counter near you.',
        icon: 'image',
      },
    ],
    details: [
      {
        title: 'A free redo if a photo is rejected',
        description:
          'If a portal or consulate rejects a photo we produced for it, send us the notice and we rework the photo at no charge.',
      },
    ],
    timelines: {
      'digital-copy': [
        {
          title: 'Photo received',
          description: 'We confirm that the upload is sharp enough to work with, or ask for another within the hour.',
          duration: 'Hour 1',
        },
        {
          title: 'Enhanced and checked',
          description: 'Checked against your document’s rule, then cropped and sized to it.',
          duration: 'Within 24 hours',
        },
        {
          title: 'Digital file delivered',
          description: 'Download it from your account, ready to upload to the portal.',
          duration: 'Within 24 hours',
        },
      ],
      'print-copies-delivered': [
        {
          title: 'Photo received',
          description: 'We confirm that the upload is sharp enough to work with, or ask for another within the hour.',
          duration: 'Hour 1',
        },
        {
          title: 'Enhanced and checked',
          description: 'Checked against the rule, cropped and sized to 2×2 in; the digital copy is in your account.',
          duration: 'Within 24 hours',
        },
        {
          title: 'Prints mailed',
          description: 'Printed on photo paper and mailed within 2 business days.',
          duration: 'Days 2–3',
        },
      ],
      'pickup-from-nearest-photo-studio': [
        {
          title: 'Photo received',
          description: 'We confirm that the upload is sharp enough to work with, or ask for another within the hour.',
          duration: 'Hour 1',
        },
        {
          title: 'Enhanced and checked',
          description: 'Checked against your document’s rule, then cropped and sized to it.',
          duration: 'Within 24 hours',
        },
        {
          title: 'Ready for pickup',
          description:
            'Sent to the photo counter you chose near your ZIP code, ready the same day they are ordered there.',
          duration: 'Same day',
        },
      ],
    },
    faqs: [
      {
        question: 'Will my enhanced photo be accepted for an OCI or e-Visa application?',
        answer:
          'We size it to the exact upload rule of the portal you name and show you every check we made. If the portal still rejects it for a rule we checked, we fit it again free of charge.',
      },
      {
        question: 'Can I use a selfie?',
        answer:
          'A selfie taken at arm’s length distorts the face. Ask someone to take the photo from about four feet away, or use your phone’s timer on a steady surface.',
      },
      {
        question: 'Can I wear glasses in the photo?',
        answer: 'No. Indian passport, OCI and e-Visa photos, like US passport photos, must be taken without glasses.',
      },
    ],
  },
];

/** General questions (no service) for the FAQ page. */
export const GENERAL_FAQS: readonly SeedFaq[] = [
  {
    question: 'Is SevaDocs a government agency?',
    answer:
      'No. SevaDocs is a private company that prepares and checks applications to Indian consulates and the application centres that receive files for them. Government and application-centre fees are passed on at cost and shown apart from our service fee.',
  },
  {
    question: 'What does the price of a package include?',
    answer:
      'Every line is shown before you pay: the government fee, mandatory third-party fees such as the Indian Community Welfare Fund and the VFS Global or BLS International fee, and our service fee. Optional extras such as expedite handling or photo enhancement are added only if you choose them.',
  },
  {
    question: 'Do I send my original passport to you?',
    answer:
      'No. Originals go straight to VFS Global, BLS International or the consulate. You upload copies to your account and we check them before you send anything.',
  },
  {
    question: 'Who do you serve?',
    answer:
      'Customers living in the USA and Canada, for Indian consular services, and US and Canadian citizens travelling to India on an e-Visa.',
  },
  {
    question: 'How long does your part take?',
    answer:
      'We review documents within one business day and usually have forms ready within three. Government processing times differ by service and are listed on each package.',
  },
  {
    question: 'How is my personal data protected?',
    answer: `Files travel over encrypted connections and are used only for your application. ${FILES_KEPT} You can download your data, or delete your account, yourself in the Your data section of your profile; requests you send us about your data are answered within one month.`,
  },
];
