import { describe, expect, it } from 'vitest';
import { passportCopyItem } from './passport-copy.ts';

const items = (...ids: string[]) => ids.map((id) => ({ id }));

describe('passportCopyItem', () => {
  it('finds the foreign passport for a US or Canadian passport, the Indian one for an Indian passport', () => {
    const renunciation = items('renunciation-form', 'last-indian-passport', 'foreign-passport', 'address-proof');
    expect(passportCopyItem(renunciation, 'US')?.id).toBe('foreign-passport');
    expect(passportCopyItem(renunciation, 'IN')?.id).toBe('last-indian-passport');
    expect(passportCopyItem(items('current-passport', 'photo'), 'IN')?.id).toBe('current-passport');
    expect(passportCopyItem(items('new-foreign-passport', 'existing-oci-card'), 'CA')?.id).toBe('new-foreign-passport');
    expect(passportCopyItem(items('passport-bio-page', 'photo'), 'GB')?.id).toBe('passport-bio-page');
  });

  it('takes a power of attorney’s passport whoever issued it, never a parent’s, and none where the list has none', () => {
    expect(passportCopyItem(items('passport-copy'), 'IN')?.id).toBe('passport-copy');
    expect(passportCopyItem(items('passport-copy'), null)?.id).toBe('passport-copy');
    expect(passportCopyItem(items('parent-passport-1', 'photo'), 'US')).toBeUndefined();
    expect(passportCopyItem(items('current-passport'), 'US')).toBeUndefined();
  });
});
