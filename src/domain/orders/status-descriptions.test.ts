import { describe, expect, it } from 'vitest';
import { statusDescription } from './status-descriptions.ts';

describe('what a photo order’s status tells its customer', () => {
  it('does not say at Submitted that the photos passed: a photo kept though it failed a rule is submitted too', () => {
    const submitted = statusDescription('photo', 'Submitted');
    expect(submitted).not.toMatch(/pass/i);
    expect(submitted).toBe(
      'Our team has checked your photos and is preparing them: the fitted digital copies, and prints if you ordered them.',
    );
  });
});
