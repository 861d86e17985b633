import type { AppContextValue } from '../../../contracts/load-context.ts';
import { MARKETING_LIST_LIMIT } from '../../../domain/limits/constants.ts';
import type { Banner, Offer, PartnerService } from '../../../domain/marketing/marketing.ts';

export interface HomeMarketing {
  offers: Offer[];
  partners: PartnerService[];
  /** The first active banner: the one the home popup shows. */
  banner: Banner | null;
}

const FIRST_PAGE = { page: 1, limit: MARKETING_LIST_LIMIT };

/** Logs a failed read and shows nothing in its place (SPEC.md §8: offer and banner failures are logged only). */
async function orNothing<T>(what: string, read: () => Promise<T>, nothing: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    console.error(`Could not load the home page ${what}: ${error instanceof Error ? error.message : String(error)}`);
    return nothing;
  }
}

/** The home page's marketing content: offers strip, partner services and the popup banner (page 1, limit 10). */
export async function loadHomeMarketing(services: AppContextValue['services']): Promise<HomeMarketing> {
  const [offers, partners, banners] = await Promise.all([
    orNothing('offers', async () => (await services.marketing.listOffers(FIRST_PAGE)).results, []),
    orNothing('partner services', async () => (await services.marketing.listPartnerServices(FIRST_PAGE)).results, []),
    orNothing('banners', async () => (await services.marketing.listActiveBanners(FIRST_PAGE)).results, []),
  ]);
  return { offers, partners, banner: banners[0] ?? null };
}
