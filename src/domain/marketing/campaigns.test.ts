import { describe, expect, it } from 'vitest';
import { CAMPAIGNS, campaignAt, isCampaignId } from './campaigns.ts';

describe('campaign pages', () => {
  it('finds each campaign by its landing path', () => {
    expect(campaignAt('/visa-service')).toBe('visa-service');
    expect(campaignAt('/indian-tourist-visa')).toBe('indian-tourist-visa');
    for (const [id, campaign] of Object.entries(CAMPAIGNS)) expect(campaignAt(campaign.path)).toBe(id);
  });

  it('knows no campaign at any other path', () => {
    expect(campaignAt('/')).toBeNull();
    expect(campaignAt('/visa-service/extra')).toBeNull();
    expect(campaignAt('/indiavisacampaign/thank-you')).toBeNull();
  });

  it('tells campaign ids from other values', () => {
    expect(isCampaignId('visa-service')).toBe(true);
    expect(isCampaignId('toString')).toBe(false);
    expect(isCampaignId(null)).toBe(false);
  });
});
