import { describe, expect, it } from 'vitest';
import { CAMPAIGN_COPY } from './content.ts';

describe('campaign copy', () => {
  it('promises only what the product does: the photo is fitted, the passport scan kept as sent, and the customer submits', () => {
    const text = JSON.stringify(CAMPAIGN_COPY);
    // Documents are kept as uploaded (only photos, signatures and thumbs are fitted), and SevaDocs
    // never files on a government portal (the print pack says so).
    expect(text).not.toMatch(/(resize|size)[a-z]* (your )?(photo and )?passport scan|passport scan sized|resize both/i);
    expect(text).not.toMatch(/\bfiled\b/i);
  });
});
