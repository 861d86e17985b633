import type { Brand } from '../../../domain/config/site.ts';
import {
  ORDER_FILES_NOTICE_DAYS,
  ORDER_FILES_RETENTION_DAYS,
  UNPAID_ORDER_CANCEL_DAYS,
} from '../../../domain/orders/retention.ts';
import { PHOTO_CHECK_TTL_MS } from '../../../domain/photos/checks.ts';
import { PHOTO_PROMISE } from '../../../domain/photos/promise.ts';
import type { ContentBlockKind } from '../schema.ts';

/**
 * Site content seeded on first start (SPEC.md §2 content screens, §3 entities). Staff edit it
 * in the database afterwards; the seed never overwrites a table that has rows.
 */

export interface SeedSection {
  name: string;
  /** Markdown. */
  description: string;
}

export interface SeedTerm {
  name: string;
  /** Markdown. */
  description: string;
  sections: SeedSection[];
}

export const TERMS_OF_USE = 'Terms of Use';
export const PRIVACY_POLICY = 'Privacy Policy and Cookies';

/** Effective date printed on both policies. */
export const POLICIES_EFFECTIVE = '1 July 2026';

/**
 * How long customers' files are kept, in the retention sweep's own figures (decision 0120): the
 * privacy policy and the FAQ page say it in these words.
 */
export const FILES_KEPT = `The documents and photos uploaded to an order are deleted automatically ${ORDER_FILES_RETENTION_DAYS} days after the order closes (completed, refunded or cancelled), and we e-mail you ${ORDER_FILES_NOTICE_DAYS} days before, so you can download them first. An order left unpaid, with nothing added or changed for ${UNPAID_ORDER_CANCEL_DAYS} days, is cancelled automatically, and we e-mail you when it is. A SevaPhotos photo check made before you sign in is deleted after ${PHOTO_CHECK_TTL_MS / 3_600_000} hours, unless you order with it.`;

export const POLICY_TERMS: readonly SeedTerm[] = [
  {
    name: TERMS_OF_USE,
    description: `These Terms of Use apply to every visit to the SevaDocs and SevaPhotos websites and to every order placed through them. By creating an account or placing an order you agree to them. Please read them together with our Privacy Policy and Cookies. Effective ${POLICIES_EFFECTIVE}.`,
    sections: [
      {
        name: 'Who we are',
        description:
          'SevaDocs is a private document-preparation and application-support company serving the Indian diaspora in the United States and Canada. SevaPhotos is our photo brand. **We are not a government agency** and we are not affiliated with the Government of India, its embassies and consulates, or the outsourcing centres (VFS Global, BLS International) that accept applications on their behalf.',
      },
      {
        name: 'What we do and do not do',
        description: `We prepare government application forms from the answers you give us, check your documents against the published checklists, resize photos and signatures to portal specifications, book appointments where the system allows it, and track your application until it is decided.

We do **not** decide applications, and we cannot speed up a consulate's or outsourcer's own processing. Processing times we quote are the authorities' published or typical times and may change without notice.`,
      },
      {
        name: 'Your account',
        description:
          'You must give accurate details when you sign up and keep your password to yourself. You are responsible for what is done through your account. Tell us straight away at the support address if you think someone else has used it. Sessions end automatically after 120 minutes, or after 60 minutes without activity, to protect your documents.',
      },
      {
        name: 'Your information and documents',
        description:
          'You confirm that the information and documents you give us are true, complete and yours (or that you are authorised to submit them for a family member). Government authorities can refuse or cancel documents obtained with false information; we are not liable for refusals caused by information you supplied.',
      },
      {
        name: 'Prices, fees and payment',
        description: `Every order shows three kinds of charges separately:

- **Government fees** set by the Government of India, charged at cost;
- **Mandatory third-party fees** such as the Indian Community Welfare Fund (ICWF) and the VFS Global or BLS International service charge, charged at cost;
- **Our service fee** and any add-ons you choose (Photo Enhancement, Expedite, Apostilled).

For an Indian e-Visa you pay the government fee and its bank charge yourself, on the official portal when you submit: we show them beside our price, but they are not part of it.

Government and third-party fees can change at short notice — for example, Indian passport fees abroad changed on 1 July 2026. If a fee changes after you pay, we will tell you before your application is submitted and you may pay the difference or cancel. We accept Visa, Mastercard, American Express, wallet apps and UPI through our payment providers; we never see or store your full card number.`,
      },
      {
        name: 'Cancellations and refunds',
        description: `You may cancel an order at any time before your application is submitted to the authorities. If you cancel before we start work, we refund everything you paid. Once we have prepared your forms, our service fee is non-refundable, but unspent government and third-party fees are refunded in full.

Government and outsourcer fees that have already been paid to the authorities cannot be recovered, whatever the outcome of the application. To ask for a refund, use the [refund request form](/refund-request) with your order ID; we answer within 3 business days.`,
      },
      {
        name: 'Timelines and delivery',
        description:
          'We prepare a complete file within 2 business days of receiving every document we asked for, or within one business day when you choose the Expedite add-on. Our on-time promise covers the work we control. Courier delays and the processing time of consulates and outsourcers are outside our control.',
      },
      {
        name: 'Referral programme',
        description:
          'A friend who signs up through your unique referral link gets $5 off our processing fees. You receive a $5 gift card from an online retailer for each application that friend completes through your link. Referral rewards cannot be exchanged for cash, cannot be combined with other referral codes, and are void where the referral was self-made or fraudulent.',
      },
      {
        name: 'Acceptable use',
        description:
          'Do not use the website to submit someone else’s documents without their permission, to test stolen payment cards, to scrape content, to interfere with its security or to upload malicious files. We may suspend accounts that do.',
      },
      {
        name: 'Intellectual property',
        description:
          'The website, its text, guides, design and logos belong to SevaDocs. You may print or save pages for your own application. You may not copy them for commercial use without our written permission.',
      },
      {
        name: 'Liability',
        description:
          'We prepare every file with care, and if an application is rejected because of a mistake we made, we prepare it again free of charge. Apart from that, and to the extent the law allows, our liability for any order is limited to the service fee you paid us for it. Nothing in these terms limits liability that cannot be limited by law.',
      },
      {
        name: 'Changes and governing law',
        description: `We may update these terms; the version in force when you place an order applies to that order. These terms are governed by the laws of the State of New Jersey, USA, without prejudice to the mandatory consumer protections of your province or state of residence.

Questions about these terms: write to support@sevadocs.example or call 1-800-555-0199.`,
      },
    ],
  },
  {
    name: PRIVACY_POLICY,
    description: `At SevaDocs, accessible from our website, the privacy of our visitors is one of our main priorities. This Privacy Policy explains what information SevaDocs and SevaPhotos collect, how we use it, and the rights you have over it. It applies to information collected online through our websites and not to information collected offline. Effective ${POLICIES_EFFECTIVE}. If you have questions, contact us at support@sevadocs.example.`,
    sections: [
      {
        name: 'Consent',
        description:
          'By using our website, you hereby consent to our Privacy Policy and agree to its terms. Where we rely on consent — for example, for marketing e-mails or optional cookies — you may withdraw it at any time without affecting the lawfulness of what we did before.',
      },
      {
        name: 'Information we collect',
        description: `We ask only for the information an application needs, and we tell you why at the point we ask for it.

- **Account details:** your name, e-mail address, phone number and password (stored only as a one-way hash).
- **Application details:** the answers and documents the government form requires, such as passport details, addresses, parents' names and immigration status, for you and each family member you add.
- **Photos and signatures** you upload for an application or a SevaPhotos order.
- **Payment details:** the amount, currency and result of each payment. Card and UPI details are handled by our payment providers and never reach our servers.
- **Messages** you send us through the contact form, e-mail, phone or WhatsApp.`,
      },
      {
        name: 'How we use your information and log files',
        description: `We use your information to prepare, check and track your applications; to process payments and refunds; to answer your questions; to send service e-mails (verification, order status, receipts); to prevent fraud and abuse; and, only if you agree, to send you news and offers.

**How long we keep it.** ${FILES_KEPT} The order itself, its lines and payments stay. Your account, and the answers you gave for your orders, stay until you delete your account (see your rights below).

Like most websites, SevaDocs records each visit in a server log: the page asked for, the date and time, and your internet protocol (IP) address. The log is not linked to your account and is kept by the hosting system our server runs on, not in our database; we use it to administer the site and keep it secure.`,
      },
      {
        name: 'Cookies and web beacons',
        description: `SevaDocs uses cookies. A strictly necessary session cookie keeps you signed in; it is marked HttpOnly and Secure, and it expires when you sign out or after 120 minutes. Preference cookies remember choices such as the country you apply from.

We do not use cookies for cross-site advertising. You can block or delete cookies in your browser settings; if you block the session cookie, you will not be able to sign in.`,
      },
      {
        name: 'Third-party advertising partners',
        description:
          'We do not sell your personal information and we do not show third-party advertising on our websites. When we run our own advertising campaigns (for example, search adverts pointing to our visa pages), the advertising platform may know that you clicked the advert; it receives no application data from us. Each advertising partner has its own privacy policy, and we have no access to or control over the cookies it uses.',
      },
      {
        name: 'Third-party privacy policies',
        description: `Our Privacy Policy does not apply to other websites or services. To process your order we share the information an application needs with the authorities and service providers involved, each under its own privacy policy:

- Government of India portals, embassies and consulates, and their outsourcers VFS Global and BLS International;
- our payment providers (for card, wallet and UPI payments);
- our e-mail delivery and secure hosting providers, who process data only on our instructions.

We advise you to read their privacy policies for detailed information on their practices.`,
      },
      {
        name: 'CCPA privacy rights (do not sell my personal information)',
        description: `Under the California Consumer Privacy Act (CCPA), California consumers have the right to:

- request that a business that collects their personal data disclose the categories and specific pieces of personal data it has collected;
- request that a business delete any personal data about them that it has collected;
- request that a business that sells personal data not sell their personal data.

We do not sell personal data. You can download your data, or delete your account, yourself in the **Your data** section of your [profile](/profile). If you make a request, we have one month to respond to you. To exercise any of these rights, please contact us at support@sevadocs.example.`,
      },
      {
        name: 'GDPR data protection rights',
        description: `We want to make sure you are fully aware of your data protection rights. Every user is entitled to the following:

- **The right to access** — you can request copies of your personal data.
- **The right to rectification** — you can ask us to correct information you believe is inaccurate or to complete information you believe is incomplete.
- **The right to erasure** — you can ask us to erase your personal data, under certain conditions.
- **The right to restrict processing** — you can ask us to restrict the processing of your personal data, under certain conditions.
- **The right to object to processing** — you can object to our processing of your personal data, under certain conditions.
- **The right to data portability** — you can ask us to transfer the data we have collected to another organisation, or directly to you, under certain conditions.

If you make a request, we have one month to respond to you. You can download your data, or delete your account, yourself in the **Your data** section of your [profile](/profile); for any other request, contact us at support@sevadocs.example.

Deleting your account deletes your account details, addresses, notifications and messages to us, and the answers, documents and photos of every order, completed ones too. We keep the record of each order and of its payments and refunds (amounts, dates, statuses and the payment providers' references), without your name, e-mail or address, because tax and payment law requires it. Orders not yet paid are cancelled; while an order is in progress, the deletion waits until it has finished or been cancelled. Copies in backups made before the deletion keep your data until those backups are deleted.`,
      },
      {
        name: "Children's information",
        description: `Another part of our priority is adding protection for children while using the internet. We encourage parents and guardians to observe, participate in, and monitor their children's online activity.

SevaDocs does not knowingly collect personal information from children under the age of 13 directly. Applications for minors (for example, a minor's OCI card or passport) are made by a parent or guardian, who provides the child's details and documents as the government requires. If you think a child has given us personal information directly, please contact us immediately and we will promptly remove it.`,
      },
    ],
  },
];

export interface SeedTeamMember {
  name: string;
  jobDescription: string;
  image: string | null;
}

/** Portraits live under /public/media/team; members without one get their initials. */
export const TEAM: readonly SeedTeamMember[] = [
  {
    name: 'Anjali Mehta',
    jobDescription:
      'Founder and CEO. Started SevaDocs in 2020 after spending three months untangling her parents’ OCI paperwork, and still reads every customer complaint herself.',
    image: 'team/anjali-mehta.svg',
  },
  {
    name: 'Rohan Iyer',
    jobDescription:
      'Head of Consular Operations. Twelve years at an outsourcing centre in New York taught him every checklist, cover page and rejection reason; he trains our specialists on each rule change.',
    image: 'team/rohan-iyer.svg',
  },
  {
    name: 'Grace Thomas',
    jobDescription:
      'Lead Case Specialist, Canada. Looks after applications filed through BLS International in Toronto, Vancouver and Ottawa, and the apostille steps Canada added in 2024.',
    image: 'team/grace-thomas.svg',
  },
  {
    name: 'Imran Qureshi',
    jobDescription:
      'Customer Support Manager. Leads the team behind our toll-free line and WhatsApp chat, and makes sure every e-mail gets a human answer within one business day.',
    image: null,
  },
  {
    name: 'Sneha Kulkarni',
    jobDescription:
      'Photo Studio Lead at SevaPhotos. Turns phone snapshots into photos and signatures that pass the OCI, passport and e-Visa portal checks the first time.',
    image: null,
  },
  {
    name: 'David Fernandes',
    jobDescription:
      'Head of Engineering. Builds the guided forms that replace the government’s, and keeps your documents encrypted and your account secure.',
    image: null,
  },
];

export interface SeedBlock {
  brand: Brand;
  kind: ContentBlockKind;
  title: string;
  description: string;
  image: string | null;
  /** A lucide icon name (values). */
  icon: string | null;
}

export const CONTENT_BLOCKS: readonly SeedBlock[] = [
  {
    brand: 'SEVADOCS',
    kind: 'story',
    title: 'Our Story',
    description: `SevaDocs began in 2020, when our founder spent a spring helping her parents in New Jersey apply for their OCI cards. The consulate's rules were spread across a dozen web pages, the outsourcing centre's checklist disagreed with the government portal, and one photo rejected for the wrong background cost the family six weeks.

Friends started asking for the same help, then friends of friends. Five years and more than 15,000 applications later, we are a team of consular specialists serving families across the USA and Canada — OCI cards, passport renewals, renunciation, powers of attorney and visas — with a 98% approval rate and a private community of about 16,600 members who share what they learn.`,
    image: 'about/our-story.svg',
    icon: null,
  },
  {
    brand: 'SEVADOCS',
    kind: 'vision',
    title: 'Our Vision',
    description:
      'We want every person of Indian origin abroad to handle consular paperwork with the same confidence as booking a flight: one clear price, one checklist that is actually right, and a real person to ask. No application should fail because a rule was hard to find.',
    image: 'about/our-vision.svg',
    icon: null,
  },
  {
    brand: 'SEVADOCS',
    kind: 'value',
    title: 'Empathy',
    description:
      'Behind every file is a wedding to attend, a parent to visit or a property to settle. We listen first, explain in plain language, and answer in English, Hindi, Tamil, Telugu, Gujarati or Malayalam.',
    image: null,
    icon: 'heart-handshake',
  },
  {
    brand: 'SEVADOCS',
    kind: 'value',
    title: 'Transparency',
    description:
      'Government fees, third-party charges and our own service fee are always shown apart, before you pay. If a rule or a fee changes while we hold your file, you hear it from us first.',
    image: null,
    icon: 'eye',
  },
  {
    brand: 'SEVADOCS',
    kind: 'value',
    title: 'Accuracy',
    description:
      'Two specialists check every application against the latest consulate and outsourcer checklists before it is filed. Photos and signatures are sized to the portal rules, not guessed.',
    image: null,
    icon: 'badge-check',
  },
  {
    brand: 'SEVADOCS',
    kind: 'value',
    title: 'Balanced Approach',
    description:
      'We move fast where speed matters and take care where it counts. We will tell you honestly when you do not need a paid service — or when a cheaper route exists.',
    image: null,
    icon: 'scale',
  },
  {
    brand: 'SEVAPHOTOS',
    kind: 'story',
    title: 'Studio-quality photos without the studio',
    description:
      'SevaPhotos started inside SevaDocs, after we saw how many applications were held up by a single photo. Our editors now prepare passport, OCI and visa photos and signatures from pictures taken at home, and deliver digital copies or prints to your door.',
    image: null,
    icon: null,
  },
  {
    brand: 'SEVAPHOTOS',
    kind: 'vision',
    title: 'A photo that passes the first time',
    description:
      'Every photo we deliver is measured against the size, background and file rules of the portal it is meant for, and we show you each check and its figure: we promise only what we checked.',
    image: null,
    icon: null,
  },
  {
    brand: 'SEVAPHOTOS',
    kind: 'value',
    title: 'Right size, right background',
    description:
      'OCI photos square at 200–1500 px under 500 KB, e-Visa photos 10 KB–1 MB, prints at 2 × 2 inches: we know each portal’s rule.',
    image: null,
    icon: 'camera',
  },
  {
    brand: 'SEVAPHOTOS',
    kind: 'value',
    title: 'No retouching',
    description: `${PHOTO_PROMISE.SEVAPHOTOS} The authorities must still recognise you, so how you look is never changed.`,
    image: null,
    icon: 'sparkles',
  },
  {
    brand: 'SEVAPHOTOS',
    kind: 'value',
    title: 'Prints near you',
    description: 'Pick up prints at a photo studio near you, or have them delivered to your home.',
    image: null,
    icon: 'image',
  },
];

export const REFERRAL_CONTENT = {
  brand: 'REFERRAL' as Brand,
  title: 'Refer a friend, earn a $5 gift card',
  description:
    'Know someone renewing a passport, applying for an OCI card or planning a trip to India? Share your unique link. Your friend saves $5 on our processing fees, and you get a $5 gift card from an online retailer for every application they complete — with no limit on how many friends you refer.',
  howItWorks: [
    'Share your unique referral link or code with friends and family by WhatsApp, e-mail or social media.',
    'Your friend signs up through your link and gets $5 off our processing fees on their application.',
    'When their application is completed, we e-mail you a $5 gift card from an online retailer. Repeat for every friend.',
  ],
};

export interface SeedArticle {
  slug: string;
  title: string;
  summary: string;
  /** Markdown. */
  body: string;
  coverImage: string | null;
  /** The catalog service it belongs to, by slug. */
  serviceSlug: string | null;
  author: string;
  publishedAt: string;
}

export const ARTICLES: readonly SeedArticle[] = [
  {
    slug: 'indian-passport-renewal-fees-july-2026',
    title: 'Indian passport renewal fees abroad went up on 1 July 2026: what you now pay in the USA',
    summary:
      'The Passports (Amendment) Rules 2026 raised the fee for renewing an Indian passport abroad. Here is the new fee for each type of renewal in the USA, what else you pay on top, and how to avoid paying twice.',
    coverImage: null,
    serviceSlug: 'indian-passport-renewal',
    author: 'Rohan Iyer, Head of Consular Operations',
    publishedAt: '2026-07-02T14:00:00Z',
    body: `The Government of India revised the fees for passport services abroad with the **Passports (Amendment) Rules 2026** (G.S.R. 516(E), notified on 20 June 2026). The new schedule applies to every application received **on or after 1 July 2026**. If you renew from the USA, most fees have gone up by 65–80%.

## The new government fees in the USA

| Renewal type | Until 30 June 2026 | From 1 July 2026 |
|---|---|---|
| Adult, 36 pages (10-year validity) | $75 | **$125** |
| Adult, 60 pages (10-year validity) | $100 | **$175** |
| Minor under 18 (5-year validity) | $50 | **$90** |
| Lost or damaged passport, 36 pages | $150 | **$250** |
| Lost or damaged passport, 60 pages | $175 | **$300** |
| Tatkal, adult 36 pages (total, including the normal fee) | $225 | **$250** |

The Tatkal total for a 60-page adult passport is now $300, $215 for a minor, and $375 or $425 for a lost or damaged passport.

## What you pay on top of the government fee

Two charges are added to every application filed through VFS Global in the USA:

- **ICWF:** $2 for the Indian Community Welfare Fund, collected with every passport application;
- **VFS Global service fee:** $15.90, including tax.

So a standard 36-page adult renewal now costs **$142.90** in mandatory fees ($125 + $2 + $15.90), up from $92.90. Return shipping through VFS is extra, and your card issuer may add a convenience charge of around 3% at booking.

## Does it matter when I applied?

The date that counts is the date your application is **received**, not the date you filled in the online form. If you paid the old fee but your application reached VFS or the consulate on or after 1 July, expect to be asked for the difference before your passport is processed. Files that arrived by 30 June are processed at the old fee.

## Canada

Missions in Canada charge passport fees in Canadian dollars. Our prices for applications from Canada show each consulate's current fee; if the consulate charges a different amount when you apply, we refund the difference or ask you for it before your application is submitted.

## Five ways to avoid delays

1. **Renew early.** Most countries need six months of validity to let you in; start when your passport has about a year left.
2. **Pick the right booklet.** A 60-page passport costs $50 more, but it saves a renewal if you travel often.
3. **Use the new fee.** Payments at the old rate are the most common cause of "fee difference" holds this summer.
4. **Check your photo.** A 2 × 2 inch photo on a plain white background, no glasses, is still the rule.
5. **Keep your status documents ready.** Your visa, I-797 or green card and a US address proof are required with every renewal.

Need help? Our [Indian passport renewal service](/indian-passport-renewal) shows the government fee, the ICWF and VFS charges and our own fee separately, so you always know what goes to whom.`,
  },
  {
    slug: 'oci-card-documents-checklist',
    title: 'OCI card documents checklist for the USA and Canada (2026)',
    summary:
      'Every document you need for a new OCI card, an OCI for a minor and an OCI re-issue, with the photo and upload rules that cause most rejections.',
    coverImage: null,
    serviceSlug: 'oci-card',
    author: 'Grace Thomas, Lead Case Specialist',
    publishedAt: '2026-05-12T13:00:00Z',
    body: `An Overseas Citizen of India (OCI) card lets people of Indian origin with a foreign passport live, work and travel to India without a visa for life. The application itself is simple; the documents are where most people come unstuck. This checklist covers applications from the **USA (through VFS Global)** and **Canada (through BLS International)**.

## New OCI card: documents for every adult

- **Your current foreign passport**, valid for at least six months, with a copy of the bio page.
- **Proof of Indian origin**: your old Indian passport, or your parent's or grandparent's Indian passport or birth certificate with proof of your relationship to them.
- **Surrender or renunciation certificate** if you ever held an Indian passport. In Canada, the surrender must be finished *before* you apply for the OCI card; in the USA the two applications can be prepared together, but the OCI file goes in once the surrender certificate is issued, because it asks for the certificate number.
- **Proof of address** in the USA or Canada: a driver's licence, state ID, utility bill or lease.
- **Marriage certificate** if you apply on the basis of your spouse's Indian origin.

## Extra documents for a minor

- Both parents' passports (and OCI cards, if they have them).
- The child's birth certificate naming **both parents**.
- The parents' marriage certificate.
- A notarised **Parental Authorization Form** signed by both parents.
- For a child under five, a **thumb impression** instead of a signature: the left thumb for boys and the right thumb for girls. The parents sign the consent form and the application’s declaration; from five, the child signs only the box under their photo, and never a parent for them.

## OCI re-issue after a new passport

You need a re-issued OCI card **once**, when you get a new foreign passport after turning 20. For other passport renewals you simply update your details online. Bring your current passport, your existing OCI card, proof of address, and a name-change affidavit if your name has changed.

## Photo and upload rules

These rules are checked by software on the government portal, and one failed upload can send you back to the start:

- **Photo:** JPEG, square, between 200 × 200 and 1500 × 1500 pixels, at most 500 KB, plain light background, no glasses.
- **Signature:** JPEG with a 1:3 ratio (three times as wide as it is tall), black ink on white paper.
- **Supporting documents:** PDF, at most 1000 KB each.
- **Printed photo** for the paper file: 2 × 2 inches.

## What it costs

| Applying from | Government fee | Mandatory extras | Total before our fee |
|---|---|---|---|
| USA, new OCI | $275 | ICWF $3 + VFS $15.90 | $293.90 |
| USA, re-issue | $25 | ICWF $3 + VFS $15.90 | $43.90 |
| Canada, new OCI | C$421 | ICWF C$4 + BLS C$7.40 | C$432.40 |

Applicants in the USA holding a non-US passport, or resident for under two years, pay a further $20 reference fee. Processing usually takes **six to ten weeks** in the USA and **six to eight weeks** in Canada after the application centre receives the file.

Ready to start? Our [OCI card service](/oci-card) checks every document on this list before anything is filed.`,
  },
  {
    slug: 'surrender-certificate-after-us-or-canadian-citizenship',
    title: 'Became a US or Canadian citizen? How to surrender your Indian passport',
    summary:
      'India does not allow dual citizenship. Once you naturalise elsewhere you must surrender your Indian passport and get a surrender certificate — here is how, what it costs, and how to avoid penalties.',
    coverImage: null,
    serviceSlug: 'renunciation-of-indian-passport',
    author: 'Anjali Mehta, Founder',
    publishedAt: '2026-03-18T15:30:00Z',
    body: `Indian citizenship ends automatically when you voluntarily become a citizen of another country. The Indian passport you hold is then no longer valid, and the government expects it back: you **surrender** it and receive a **surrender certificate**. You will need that certificate for an OCI card, for an Indian visa and often for property or bank matters in India.

## Which fee applies to you

The fee depends on the date you became a citizen of the USA or Canada:

| Naturalised | USA | Canada |
|---|---|---|
| On or after 1 June 2010 | $175 + ICWF $3 | C$119–C$168 depending on the mission + C$3 |
| On or before 31 May 2010 | $40 + ICWF $3 ($25 until 30 June 2026) | C$31 + C$3 |

Add the application centre's charge: **$15.90** through VFS Global in the USA, or **C$7.40** through BLS International in Canada.

## Penalties for using your Indian passport after naturalising

If you travelled on your Indian passport after becoming a foreign citizen, a penalty applies: **Rs 10,000 for each journey**, up to Rs 50,000, plus a further Rs 10,000 if you kept the passport for more than three years. The consulate works out the amount after it reviews your file, so it is not shown at booking.

## Documents

- Your **original last Indian passport** and copies of its pages;
- Your **naturalisation or citizenship certificate**;
- A copy of your **US or Canadian passport**;
- **Proof of address** in your country of residence;
- A printout of the online application form, signed.

If your Indian passport is lost, you need a notarised affidavit, a police report and proof that you held the passport (for example, your landing record in Canada).

## How long it takes

Most surrender certificates are issued within **two to four weeks** of the consulate receiving the application. Your cancelled passport is returned to you with the certificate — keep both together with your OCI papers.

Our [renunciation service](/renunciation-of-indian-passport) prepares the form, works out which fee applies to you and checks your file before you send it to the application centre. The OCI card is a separate application: our [OCI card service](/oci-card) prepares it once your surrender certificate is issued.`,
  },
  {
    slug: 'indian-e-visa-for-us-and-canadian-citizens',
    title: 'Indian e-Visa for US and Canadian citizens: fees, timing and photo rules',
    summary:
      'Which e-Tourist visa to choose, what it costs in each season, when to apply, and the photo rules that trip up most applicants.',
    coverImage: null,
    serviceSlug: 'indian-visa',
    author: 'Imran Qureshi, Customer Support Manager',
    publishedAt: '2026-09-08T12:00:00Z',
    body: `If you hold a US or Canadian passport and have no OCI card, the **e-Visa** is the quickest way to visit India. You apply online, and the approval arrives by e-mail — usually within 72 hours. Canadian citizens have been able to apply for every e-Visa category again since November 2023.

## Choose the right e-Tourist visa

| Visa | Entries | Government fee |
|---|---|---|
| e-Tourist, 30 days | Double | $25 (July to March), $10 (April to June) |
| e-Tourist, 1 year | Multiple | $40 |
| e-Tourist, 5 years | Multiple | $80 |

The portal adds a **2.5% bank charge** to the fee. As a US or Canadian citizen you may stay up to 180 days per visit on the 1-year and 5-year visas.

> Only the official government portal issues Indian e-Visas. Websites that promise an "express" e-Visa for a higher fee cannot make the government decide faster.

## When to apply

- The 30-day e-Tourist visa: **between 4 and 30 days** before you arrive.
- The 1-year and 5-year e-Tourist visas: up to **120 days** before you arrive.

## Photo and passport scan rules

Most e-Visa rejections come from the uploads, not the answers:

- **Photo:** JPEG, square, between 10 KB and 1 MB, plain light background, full face, no glasses, no borders.
- **Passport bio page:** PDF between 10 KB and 300 KB.
- **Passport:** valid for at least six months from arrival, with at least two blank pages.

## After approval

Print the approval e-mail (the Electronic Travel Authorisation) and carry it with your passport. Your visa is stamped on arrival at one of the designated airports or seaports.

If you would rather not face the portal’s questions alone, our [Indian visa service](/indian-visa) prepares your answers and photo and checks everything with you; you then submit the application and pay the government fee on the official site yourself.`,
  },
];
