import { Claims } from './claims.tsx';
import { ClosingCta } from './closing-cta.tsx';
import { Hero } from './hero.tsx';
import { HowItWorks } from './how-it-works.tsx';
import { SecurePayments } from './secure-payments.tsx';
import { type GridService, ServicesGrid } from './services-grid.tsx';
import { SupportChannels, type SupportContact } from './support-channels.tsx';

export interface HomeContentProps {
  services: GridService[];
  contact: SupportContact;
}

/** The home page: hero, company claims, services, how it works, support and payments. */
export function HomeContent({ services, contact }: HomeContentProps) {
  return (
    <>
      <Hero tollFreeNumber={contact.tollFreeNumber} />
      <Claims />
      <ServicesGrid
        services={services}
        tollFreeNumber={contact.tollFreeNumber}
        whatsappNumber={contact.whatsappNumber}
      />
      <HowItWorks />
      <SupportChannels contact={contact} />
      <SecurePayments />
      <ClosingCta tollFreeNumber={contact.tollFreeNumber} />
    </>
  );
}
