import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type CheckoutSnapshot, priceCheckout } from '../../domain/checkout/cost-summary.ts';
import { E_VISA_SNAPSHOT } from '../../domain/checkout/testing.ts';
import { CostSummaryPanel, SUMMARY_TEXT } from './cost-summary-panel.tsx';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const shown = (snapshot: CheckoutSnapshot) =>
  renderToStaticMarkup(<CostSummaryPanel summary={priceCheckout(snapshot, 2, [], null, { applies: false })} />);

describe('CostSummaryPanel', () => {
  it('explains what the portal takes beside the total, not struck through like a former price', () => {
    const html = shown(E_VISA_SNAPSHOT);
    expect(text(html)).toContain(
      'Package Cost Per Member $12 (was $24 ) Members x2 Actual Cost $24 Paid by you on the official portal, not in this total $51.26 ($25.63 × 2) Total to pay $24',
    );
    expect(html.match(/line-through/g)).toHaveLength(1);
    // Every line of it is refundable: the note about fees a refund keeps once submitted has nothing to explain.
    expect(text(html)).not.toContain(SUMMARY_TEXT.refundNote);
  });

  it('says which fees a refund keeps once submitted when the order collects a government fee', () => {
    const html = shown({ ...E_VISA_SNAPSHOT, feesPaidOnPortal: false });
    expect(text(html)).toContain('Government fee ($25 × 2) Not refundable once submitted $50');
    expect(text(html)).toContain(SUMMARY_TEXT.refundNote);
    expect(text(html)).not.toContain('official portal');
  });

  it('says the package’s fee note under the total: what the centre may charge apart', () => {
    const summary = priceCheckout(E_VISA_SNAPSHOT, 1, [], null, { applies: false });
    const note = 'If you file by post, VFS Global charges for return shipping on top.';
    expect(text(renderToStaticMarkup(<CostSummaryPanel summary={{ ...summary, feeNote: note }} />))).toMatch(
      /Total to pay \$\d+ If you file by post, VFS Global charges for return shipping on top\.$/,
    );
    expect(text(renderToStaticMarkup(<CostSummaryPanel summary={summary} />))).not.toContain('return shipping');
  });
});
