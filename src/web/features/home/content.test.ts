import { describe, expect, it } from 'vitest';
import { companyClaims, HOW_IT_WORKS } from './content.ts';

describe('home content', () => {
  it('shows every company claim of SPEC.md §1', () => {
    const text = companyClaims()
      .map((c) => `${c.value} ${c.label}`)
      .join(' | ');
    expect(text).toContain('15,000+ applications handled');
    expect(text).toContain('98% approval rate');
    expect(text).toContain('4.9 star rating');
    expect(text).toContain('100% on-time delivery');
    expect(text).toContain('5 years');
    expect(text).toContain('16.6k members');
  });

  it('walks through six steps from choosing a service to tracking it', () => {
    expect(HOW_IT_WORKS).toHaveLength(6);
    expect(HOW_IT_WORKS[0]?.title).toBe('Pick your service');
    expect(HOW_IT_WORKS.at(-1)?.title).toBe('Track it to the finish');
  });
});
