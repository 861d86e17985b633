import { Link } from 'react-router';
import type { PublicConfig } from '../../../contracts/load-context.ts';
import {
  FOOTER_LEGAL_LINKS,
  FOOTER_SERVICE_LINKS,
  type FooterLink,
  footerCompanyLinks,
} from '../../../domain/config/footer-links.ts';
import { telHref, whatsappHref } from '../../../domain/config/navigation.ts';
import { PLATFORMS, type Platform } from '../../../domain/config/platform.ts';
import { COMPANY_CLAIMS, SOCIAL_LINKS } from '../../../domain/config/site.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { PaymentBadges } from '../../components/ui/payment-badges.tsx';
import { SocialIcon } from '../../components/ui/social-icon.tsx';

function Links({ links, className }: { links: readonly FooterLink[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.id}>
          {link.external ? (
            <a href={link.url} target="_blank" rel="noopener noreferrer" className="footer-link">
              {link.name}
            </a>
          ) : (
            <Link to={link.url} className="footer-link">
              {link.name}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

function Column({ title, links }: { title: string; links: readonly FooterLink[] }) {
  return (
    <nav aria-label={`${title} links`}>
      <h2 className="footer-heading">{title}</h2>
      <Links links={links} className="mt-4 space-y-3" />
    </nav>
  );
}

/** What each brand is, under its wordmark (DESIGN.md §1: SevaPhotos is SevaDocs' photo brand). */
export const FOOTER_TAGLINES: Record<Platform, string> = {
  [PLATFORMS.docs]: `Consular paperwork for the Indian diaspora in the USA and Canada, prepared and checked by specialists since ${COMPANY_CLAIMS.foundedYear}.`,
  [PLATFORMS.photos]: `Passport, visa and OCI photos checked against each document's rules and printed, by the team behind SevaDocs since ${COMPANY_CLAIMS.foundedYear}.`,
};

/** SPEC.md §2 footer: services, company pages, social links, legal links and payment badges, under the page's brand. */
export function SiteFooter({ config, platform = PLATFORMS.docs }: { config: PublicConfig; platform?: Platform }) {
  // The configured contact values replace the defaults baked into the social list.
  const socialUrl = (id: string, url: string) =>
    id === 'email' ? `mailto:${config.supportEmail}` : id === 'whatsapp' ? whatsappHref(config.whatsappNumber) : url;

  return (
    <footer className="on-dark bg-slate-900 text-[0.95rem] text-slate-300">
      {/* Below the desk width the chat button floats at the screen's foot: the last lines scroll clear of it. */}
      <div className="page-x pt-14 pb-24 desk:pb-8">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-[1.4fr_1fr_1fr_1.3fr]">
          <div className="col-span-2 lg:col-span-1">
            <Logo inverted platform={platform} />
            <p className="mt-4 max-w-xs leading-relaxed">{FOOTER_TAGLINES[platform]}</p>
            <p className="mt-6">
              <a href={telHref(config.tollFreeNumber)} className="footer-link inline-flex items-center gap-2">
                <Icon name="phone" className="size-4 text-saffron-400" />
                Toll-free {config.tollFreeNumber}
              </a>
            </p>
            <p className="mt-3">
              <a href={`mailto:${config.supportEmail}`} className="footer-link inline-flex items-center gap-2">
                <Icon name="mail" className="size-4 text-saffron-400" />
                {config.supportEmail}
              </a>
            </p>
          </div>

          <Column title="Services" links={FOOTER_SERVICE_LINKS} />
          <Column title="Company" links={footerCompanyLinks(config.blogUrl)} />

          <div className="col-span-2 lg:col-span-1">
            <h2 className="footer-heading">Follow us</h2>
            <p className="mt-4">
              Join {COMPANY_CLAIMS.communityMembers} members of our private community group for news on consulate rules
              and processing times.
            </p>
            <ul aria-label="Social links" className="mt-5 flex flex-wrap gap-2">
              {SOCIAL_LINKS.map(({ id, name, url }) => (
                <li key={id}>
                  <a
                    href={socialUrl(id, url)}
                    aria-label={name}
                    {...(url.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                    className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-white hover:bg-brand-600"
                  >
                    <SocialIcon id={id} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>

        <div className="mt-12 border-t border-white/10 pt-8">
          <h2 className="footer-heading mb-3">Secure payments</h2>
          <PaymentBadges />
        </div>

        <div className="mt-8 flex flex-col gap-4 border-t border-white/10 pt-6 text-sm sm:flex-row sm:justify-between">
          <p>
            © {new Date().getFullYear()} SevaDocs. All rights reserved. SevaDocs is a private company, not a government
            agency.
          </p>
          <nav aria-label="Legal">
            <Links links={FOOTER_LEGAL_LINKS} className="flex gap-6" />
          </nav>
        </div>
      </div>
    </footer>
  );
}
