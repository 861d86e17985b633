import { describe, expect, it } from 'vitest';
import { noPackagesMessage } from './messages.ts';

describe('catalog messages', () => {
  it('words the no-packages toast as SPEC.md §8 does', () => {
    expect(noPackagesMessage('OCI Card')).toBe('Currently no packages are available for OCI Card');
  });
});
