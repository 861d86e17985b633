import type { PartnerService } from '../../../domain/marketing/marketing.ts';
import { mediaUrl } from '../../../domain/marketing/media.ts';
import { Icon } from '../../components/ui/icon.tsx';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

/** The home page's partner services: trusted help for the paperwork around an application. */
export function PartnerServices({ partners }: { partners: PartnerService[] }) {
  if (partners.length === 0) return null;
  return (
    <section aria-labelledby="partners-title" className="bg-white">
      <div className="page-x py-16 desk:py-20">
        <p className="eyebrow">Partner services</p>
        <h2 id="partners-title" className="section-title">
          Trusted partners for the rest of your paperwork
        </h2>
        <p className="section-lead max-w-2xl">
          Notaries, translators, insurers and couriers we have vetted and work with every week. Partners set their own
          prices; we earn nothing for recommending them.
        </p>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 desk:grid-cols-4">
          {partners.map((partner) => (
            <li key={partner.id} className="card flex flex-col">
              <div className="flex items-center gap-4">
                {partner.logo ? (
                  <img
                    src={mediaUrl(partner.logo)}
                    alt=""
                    width={48}
                    height={48}
                    loading="lazy"
                    className="size-12 shrink-0 rounded-xl"
                  />
                ) : (
                  <span className="icon-tile shrink-0 bg-saffron-400/20 font-bold text-brand-800">
                    {initials(partner.name)}
                  </span>
                )}
                <h3 className="text-lg leading-snug font-bold text-slate-900">{partner.name}</h3>
              </div>
              <p className="card-body mt-4 flex-1">{partner.description}</p>
              {partner.link ? (
                <a
                  href={partner.link}
                  target="_blank"
                  rel="noopener noreferrer sponsored"
                  className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  Visit {partner.name}
                  <span className="sr-only">(opens in a new tab)</span>
                  <Icon name="arrow-up-right" className="size-4" />
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
