import { describe, expect, it } from 'vitest';
import { activeTab, GUIDELINE_TAB_NAMES } from './tabs.ts';

describe('guideline tabs', () => {
  it('are Terms of Use and Privacy Policy and Cookies', () => {
    expect(GUIDELINE_TAB_NAMES).toEqual(['Terms of Use', 'Privacy Policy and Cookies']);
  });

  it('pick the tab named by ?active= (with + or %20 for spaces), else Terms of Use', () => {
    expect(activeTab('?active=Privacy+Policy+and+Cookies')).toBe('Privacy Policy and Cookies');
    expect(activeTab('?active=Privacy%20Policy%20and%20Cookies')).toBe('Privacy Policy and Cookies');
    expect(activeTab('?active=Terms+of+Use')).toBe('Terms of Use');
    expect(activeTab('')).toBe('Terms of Use');
    expect(activeTab('?active=privacy')).toBe('Terms of Use');
  });
});
