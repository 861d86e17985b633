// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CampaignPage } from './campaign-page.tsx';

const TouristVisaPage = () => (
  <CampaignPage campaign="indian-tourist-visa" today="2026-12-06" fromPrice="$12.00" result={undefined} />
);

describe('the campaign page', () => {
  it('says the e-Visa’s government fee is paid on the official portal, not in the starting price', async () => {
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: TouristVisaPage,
      },
    ]);
    render(<Stub />);
    const line = (await screen.findByText(/Our Indian visa service starts at/)).textContent ?? '';
    expect(line).toContain('$12.00; an e-Visa’s government fee is paid on the official portal.');
    expect(line).not.toMatch(/including the\s+government fee/);
  });
});
