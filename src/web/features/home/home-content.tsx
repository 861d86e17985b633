import type { Offer, PartnerService } from '../../../domain/marketing/marketing.ts';
import { Claims } from './claims.tsx';
import { ClosingCta } from './closing-cta.tsx';
import { Hero } from './hero.tsx';
import { HowItWorks } from './how-it-works.tsx';
import { OffersStrip } from './offers-strip.tsx';
import { PartnerServices } from './partner-services.tsx';
import { SecurePayments } from './secure-payments.tsx';
import { type GridService, ServicesGrid } from './services-grid.tsx';
import { SupportChannels, type SupportContact } from './support-channels.tsx';

export interface HomeContentProps {
  services: GridService[];
  contact: SupportContact;
  /** The sticky offers strip and the partner services section (issue 5); none when omitted. */
  offers?: Offer[];
  partners?: PartnerService[];
}

/** The home page: hero, company claims, services, how it works, support and payments. */
export function HomeContent({ services, contact, offers = [], partners = [] }: HomeContentProps) {
  return (
    <>
      <OffersStrip offers={offers} />
      <Hero tollFreeNumber={contact.tollFreeNumber} />
      <Claims />
      <ServicesGrid
        services={services}
        tollFreeNumber={contact.tollFreeNumber}
        whatsappNumber={contact.whatsappNumber}
      />
      <HowItWorks />
      <PartnerServices partners={partners} />
      <SupportChannels contact={contact} />
      <SecurePayments />
      <ClosingCta tollFreeNumber={contact.tollFreeNumber} />
    </>
  );
}
