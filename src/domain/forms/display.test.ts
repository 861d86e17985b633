import { describe, expect, it } from 'vitest';
import { displayAnswer } from './display.ts';

describe('displayAnswer', () => {
  it('writes answers out for people to read', () => {
    const yesNo = [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ];
    expect(displayAnswer({ type: 'radio', key: 'a', label: 'A', options: yesNo }, 'no')).toBe('No');
    expect(displayAnswer({ type: 'checkboxes', key: 'a', label: 'A', options: yesNo }, ['yes', 'no'])).toBe('Yes, No');
    expect(displayAnswer({ type: 'date', key: 'a', label: 'A' }, '2026-07-01')).toBe('July 1, 2026');
    expect(displayAnswer({ type: 'time', key: 'a', label: 'A' }, '14:05')).toBe('2:05 PM');
    expect(displayAnswer({ type: 'time', key: 'a', label: 'A' }, '00:30')).toBe('12:30 AM');
    expect(displayAnswer({ type: 'currency', key: 'a', label: 'A', currency: 'CAD' }, 125_050)).toBe('CA$1,250.50');
    expect(displayAnswer({ type: 'number', key: 'a', label: 'A', unit: 'cm' }, 172)).toBe('172 cm');
    expect(displayAnswer({ type: 'rating', key: 'a', label: 'A' }, 4)).toBe('4 of 5');
    expect(displayAnswer({ type: 'country dropdown', key: 'a', label: 'A' }, 'IN')).toBe('India');
    expect(displayAnswer({ type: 'occupation dropdown', key: 'a', label: 'A' }, 'homemaker')).toBe('Homemaker');
    expect(
      displayAnswer(
        { type: 'file upload', key: 'a', label: 'A' },
        { documentId: 'd1', name: 'passport.pdf', type: 'application/pdf', size: 10 },
      ),
    ).toBe('passport.pdf');
  });

  it('never shows a password', () => {
    expect(displayAnswer({ type: 'password', key: 'a', label: 'A' }, 'Str0ng!Pass')).toBe('••••••••');
  });
});
