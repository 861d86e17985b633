import { describe, expect, it } from 'vitest';
import { COMPLIANCE_RULES } from '../../../../domain/photos/compliance.ts';
import { RULE_MEANINGS } from './content.ts';

describe('/photos "what we check"', () => {
  it('says what every rule of the compliance engine means, and only those', () => {
    expect(Object.keys(RULE_MEANINGS).sort()).toEqual([...COMPLIANCE_RULES].sort());
    for (const rule of COMPLIANCE_RULES) expect(RULE_MEANINGS[rule].length).toBeGreaterThan(10);
  });
});
