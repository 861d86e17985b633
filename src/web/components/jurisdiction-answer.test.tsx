// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isOfficialSource } from '../../domain/jurisdiction/jurisdiction.ts';
import { TULARE_JURISDICTION } from '../../domain/jurisdiction/testing.ts';
import { JURISDICTION_TEXT, JurisdictionAnswer } from './jurisdiction-answer.tsx';

afterEach(cleanup);

describe('the source of where a file goes, as the customer reads it', () => {
  it("links a government's own page", () => {
    render(<JurisdictionAnswer jurisdiction={TULARE_JURISDICTION} />);
    const link = screen.getByRole('link', { name: 'cgisf.gov.in' });
    expect(link.getAttribute('href')).toBe(TULARE_JURISDICTION.sourceUrl);
    expect(link.parentElement?.textContent).toBe('Source, in force since November 2, 2020: cgisf.gov.in');
  });

  it("gives only the date of a rule another agency's page or a newspaper reported: no link away", () => {
    render(
      <JurisdictionAnswer
        jurisdiction={{ ...TULARE_JURISDICTION, sourceUrl: 'https://myticketstoindia.ca/bls-canada-oci-notice/' }}
      />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('In force since November 2, 2020, as our team checked it.')).toBeTruthy();
    expect(JURISDICTION_TEXT.checked('November 2, 2020')).toBe(
      'In force since November 2, 2020, as our team checked it.',
    );
  });

  it('counts as official the Indian missions’ and the US and Canadian governments’ hosts only', () => {
    const official = [
      'https://www.cgisf.gov.in/page/x',
      'https://suvidha.hciottawa.gov.in/',
      'https://indianembassyusa.gov.in/',
      'https://travel.state.gov/',
      'https://www.cic.gc.ca/',
    ];
    const others = [
      'https://www.am22tech.com/oci/',
      'https://www.thehindu.com/news/',
      'https://myticketstoindia.ca/',
      'https://gov.in.example.com/',
      'not a url',
    ];
    expect(official.filter(isOfficialSource)).toEqual(official);
    expect(others.filter(isOfficialSource)).toEqual([]);
  });
});
