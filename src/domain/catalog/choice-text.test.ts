import { describe, expect, it } from 'vitest';
import type { ServicePageContent } from './catalog-content.ts';
import { appliesTo, contentForChoices, packageWording } from './choice-text.ts';
import type { PackageDetail } from './service-detail.ts';

const text = (over: Partial<PackageDetail['texts'][number]>) => ({
  appliesTo: {},
  description: null,
  features: null,
  processingTime: null,
  documents: null,
  feeNote: null,
  ...over,
});

const newOci: PackageDetail = {
  id: 7,
  name: 'New OCI Card',
  slug: 'new-oci-card',
  description: 'First OCI card.',
  features: ['Application-centre appointment'],
  processingTime: 'Usually 6–10 weeks',
  documents: ['Current foreign passport'],
  feeNote: null,
  perApplicant: true,
  applicantKinds: null,
  addons: [],
  prices: [],
  texts: [
    text({ appliesTo: { applyingFrom: 'US' }, features: ['VFS Global appointment'], feeNote: '$20 reference fee.' }),
    text({ appliesTo: { applyingFrom: 'CA' }, processingTime: 'Usually 6–8 weeks after BLS receives the file' }),
  ],
};

describe('appliesTo', () => {
  it('is true for every choice when it names none, else when each parameter it names is chosen so', () => {
    expect(appliesTo({}, {})).toBe(true);
    expect(appliesTo({}, { applyingFrom: 'CA' })).toBe(true);
    expect(appliesTo({ applyingFrom: 'CA' }, { applyingFrom: 'CA' })).toBe(true);
    expect(appliesTo({ applyingFrom: 'ca' }, { applyingFrom: 'CA' })).toBe(true);
    expect(appliesTo({ applyingFrom: 'CA' }, { applyingFrom: 'US' })).toBe(false);
    expect(appliesTo({ applyingFrom: 'CA' }, {})).toBe(false);
    expect(appliesTo({ citizenship: 'CA' }, { citizenship: 'CA', destination: 'IN' })).toBe(true);
  });
});

describe('packageWording', () => {
  it("puts the country's text over the general one, field by field", () => {
    expect(packageWording(newOci, { applyingFrom: 'CA' })).toEqual({
      description: 'First OCI card.',
      features: ['Application-centre appointment'],
      processingTime: 'Usually 6–8 weeks after BLS receives the file',
      documents: ['Current foreign passport'],
      feeNote: null,
    });
    expect(packageWording(newOci, { applyingFrom: 'US' })).toMatchObject({
      features: ['VFS Global appointment'],
      processingTime: 'Usually 6–10 weeks',
      feeNote: '$20 reference fee.',
    });
  });

  it('keeps the general text for a page with no choice, and lets the most specific text win', () => {
    expect(packageWording(newOci, {}).processingTime).toBe('Usually 6–10 weeks');
    const visa = {
      ...newOci,
      texts: [
        text({ appliesTo: { citizenship: 'CA', destination: 'IN' }, description: 'Canadians to India.' }),
        text({ appliesTo: { citizenship: 'CA' }, description: 'Canadians.' }),
      ],
    };
    expect(packageWording(visa, { citizenship: 'CA', destination: 'IN' }).description).toBe('Canadians to India.');
    expect(packageWording(visa, { citizenship: 'CA' }).description).toBe('Canadians.');
  });
});

describe('contentForChoices', () => {
  const row = (id: number, country?: string) => ({
    id,
    position: id,
    title: `t${id}`,
    description: `d${id}`,
    icon: null,
    packageId: null,
    appliesTo: country ? { applyingFrom: country } : {},
  });
  const content: ServicePageContent = {
    service: {
      id: 1,
      name: 'OCI Card',
      slug: 'oci-card',
      brand: 'SEVADOCS',
      summary: 's',
      description: 'd',
      icon: 'id-card',
      parameters: ['applyingFrom'],
      parameterOptions: { applyingFrom: ['US', 'CA'] },
      fromPrice: null,
      packages: [newOci],
    },
    steps: [row(1), row(2, 'US'), row(3, 'CA'), row(4)],
    details: [row(5, 'CA')],
    packageSteps: { 7: [row(6, 'US')] },
    packageDetails: { 7: [] },
    timelines: {
      7: [{ id: 8, position: 0, title: 'x', description: 'y', duration: 'Day 1', appliesTo: { applyingFrom: 'US' } }],
    },
    faqs: [
      {
        id: 9,
        serviceId: 1,
        serviceSlug: 'oci-card',
        serviceName: 'OCI Card',
        position: 0,
        question: 'q?',
        answer: 'a',
        appliesTo: {},
      },
      {
        id: 10,
        serviceId: 1,
        serviceSlug: 'oci-card',
        serviceName: 'OCI Card',
        position: 1,
        question: 'CA?',
        answer: 'a',
        appliesTo: { applyingFrom: 'CA' },
      },
    ],
  };

  it('keeps only the rows true for the choice, in their order, and words the packages for it', () => {
    const ca = contentForChoices(content, { applyingFrom: 'CA' });
    expect(ca.steps.map((s) => s.id)).toEqual([1, 3, 4]);
    expect(ca.details.map((s) => s.id)).toEqual([5]);
    expect(ca.packageSteps[7]).toEqual([]);
    expect(ca.timelines[7]).toEqual([]);
    expect(ca.faqs.map((f) => f.id)).toEqual([9, 10]);
    expect(ca.service.packages[0]?.processingTime).toBe('Usually 6–8 weeks after BLS receives the file');
    const us = contentForChoices(content, { applyingFrom: 'US' });
    expect(us.steps.map((s) => s.id)).toEqual([1, 2, 4]);
    expect(us.details).toEqual([]);
    expect(us.timelines[7]?.map((e) => e.id)).toEqual([8]);
    expect(us.faqs.map((f) => f.id)).toEqual([9]);
  });
});
