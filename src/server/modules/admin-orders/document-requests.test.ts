import { describe, expect, it } from 'vitest';
import { documentRequestRemark } from './document-requests.ts';

describe('documentRequestRemark', () => {
  it('asks for the document, again where a file of it was in, with staff’s note', () => {
    expect(documentRequestRemark('Aarav Sharma’s current foreign passport', 'The scan is blurred')).toBe(
      'Please upload Aarav Sharma’s current foreign passport: The scan is blurred',
    );
    expect(documentRequestRemark('your photo again', 'The background is grey')).toBe(
      'Please upload your photo again: The background is grey',
    );
  });

  it('does not ask twice when staff’s note already asks (walk H)', () => {
    expect(
      documentRequestRemark(
        'Old green card (both sides) (for Hari Walker)',
        'Please upload a copy of your old green card, both sides.',
      ),
    ).toBe('Old green card (both sides) (for Hari Walker): Please upload a copy of your old green card, both sides.');
    expect(documentRequestRemark('your photo again', 'please send one on a white background')).toBe(
      'Your photo again: please send one on a white background',
    );
  });
});
