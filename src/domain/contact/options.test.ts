import { describe, expect, it } from 'vitest';
import { CONTACT_TOPICS, contactTopicLabel, ENQUIRY_TYPES, enquiryTypeLabel } from './options.ts';

describe('contact form choices (SPEC.md §3)', () => {
  it('has the two enquiry types', () => {
    expect(ENQUIRY_TYPES.map((t) => t.label)).toEqual(['New application enquiry', 'Existing client']);
  });

  it('has the six topics', () => {
    expect(CONTACT_TOPICS.map((t) => t.label)).toEqual([
      'Indian consular application',
      'Tourist visa',
      'NRI services',
      'US immigration',
      'Photo service',
      'Something else',
    ]);
  });

  it('labels stored values', () => {
    expect(enquiryTypeLabel('existing-client')).toBe('Existing client');
    expect(contactTopicLabel('us-immigration')).toBe('US immigration');
    expect(contactTopicLabel('unknown')).toBe('unknown');
  });
});
