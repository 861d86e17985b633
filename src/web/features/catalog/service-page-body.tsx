import type { PublicConfig } from '../../../contracts/load-context.ts';
import type { ProcessStep, ServicePageContent, TimelineEntry } from '../../../domain/catalog/catalog-content.ts';
import { contentForChoices } from '../../../domain/catalog/choice-text.ts';
import { jsonLdScript, serviceJsonLd } from '../../../domain/catalog/json-ld.ts';
import { noPackagesMessage } from '../../../domain/catalog/messages.ts';
import { packageFormHref, signInHref } from '../../../domain/catalog/package-choice.ts';
import { parameterLabel } from '../../../domain/catalog/parameter-labels.ts';
import type { ParameterChoices } from '../../../domain/catalog/parameters.ts';
import { priceFor } from '../../../domain/catalog/pricing.ts';
import { buildServicePath, type ServiceUrlContext } from '../../../domain/catalog/seo-url.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { BRANDS, DEFAULT_CONTACT } from '../../../domain/config/site.ts';
import { countryName } from '../../../domain/countries/names.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { type IconName, SERVICE_ICON_NAMES, serviceIconName, UI_ICON_NAMES } from '../../components/ui/icon-names.ts';
import { CountryFlag } from './country-flag.tsx';
import { PackageCard } from './package-card.tsx';
import { ParameterPicker } from './parameter-picker.tsx';

/** What the route knows about the page besides the catalog content (its loader data). */
export interface ServicePageView {
  packageSlug: string | null;
  /** The choices prices are shown for: the requested ones, defaults for the rest (and the service modal opens on them). */
  choices: ParameterChoices;
  /** The valid choices the URL itself made (what the canonical path keeps). */
  selected: ParameterChoices;
  canonicalPath: string;
  /** Set when a requested country is not served: says what is shown instead. */
  notice: string | null;
}

export interface ServicePageBodyProps {
  content: ServicePageContent;
  view: ServicePageView;
  config: PublicConfig | undefined;
  /** Whether someone is signed in (Choose goes to the form, else through sign-in). */
  signedIn: boolean;
}

function choiceSentence(choices: ParameterChoices): string {
  return [
    choices.citizenship ? `${countryName(choices.citizenship)} citizens` : null,
    choices.applyingFrom ? `applications from ${countryName(choices.applyingFrom)}` : null,
    choices.destination ? `travel to ${countryName(choices.destination)}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

const STEP_ICONS: ReadonlySet<string> = new Set([...UI_ICON_NAMES, ...SERVICE_ICON_NAMES]);
const stepIcon = (name: string): IconName => (STEP_ICONS.has(name) ? (name as IconName) : 'check');

function Steps({ steps }: { steps: ProcessStep[] }) {
  return (
    <ol className="mt-6 grid gap-4 sm:grid-cols-2 desk:grid-cols-3">
      {steps.map((step, index) => (
        <li key={step.id} className="card flex gap-4 p-5">
          <span
            aria-hidden="true"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 font-bold text-brand-700"
          >
            {index + 1}
          </span>
          <div>
            <h3 className="flex items-center gap-2 font-semibold text-slate-900">
              <span className="sr-only">Step {index + 1}: </span>
              {step.icon ? <Icon name={stepIcon(step.icon)} className="size-4 text-brand-600" /> : null}
              {step.title}
            </h3>
            <p className="mt-1.5 text-sm leading-relaxed text-slate-700">{step.description}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol className="relative mt-4 space-y-5 border-l-2 border-brand-100 pl-6">
      {entries.map((entry) => (
        <li key={entry.id} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.95rem] size-3.5 rounded-full border-2 border-white bg-brand-600"
          />
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{entry.duration}</p>
          <h3 className="font-semibold text-slate-900">{entry.title}</h3>
          <p className="mt-1 text-sm leading-relaxed text-slate-700">{entry.description}</p>
        </li>
      ))}
    </ol>
  );
}

/**
 * A service page (or one package's page): the service, its choices, every package with its
 * price broken down, the process, the timeline and the FAQs, with structured data. Rendered
 * on the server; in the browser only after a client-side navigation (the first load keeps the
 * server's HTML, see routes/service.tsx). Interactive bits are plain links marked with data
 * attributes that the route handles by delegation.
 */
export function ServicePageBody({ content: allContent, view, config, signedIn }: ServicePageBodyProps) {
  const { choices, packageSlug, canonicalPath, notice } = view;
  // Only what is true for the countries chosen: packages worded for them, their steps, timelines and FAQs.
  const content = contentForChoices(allContent, choices);
  const { service } = content;
  const focused = service.packages.find((p) => p.slug === packageSlug) ?? null;
  const context: ServiceUrlContext = {
    parameters: service.parameters,
    packageSlugs: service.packages.map((p) => p.slug),
  };
  const forChoices = choiceSentence(choices);
  const packages = focused ? [focused, ...service.packages.filter((p) => p !== focused)] : service.packages;
  // SevaPhotos' packages are ordered on the photos page (check first, then choose the plan there).
  const photoService = service.brand === BRANDS.photos;
  const steps =
    focused && content.packageSteps[focused.id]?.length ? (content.packageSteps[focused.id] ?? []) : content.steps;
  const details = focused ? [...content.details, ...(content.packageDetails[focused.id] ?? [])] : content.details;
  const timelines = (focused ? [focused] : service.packages).map((pkg) => ({
    pkg,
    entries: content.timelines[pkg.id] ?? [],
  }));
  const siteUrl = config?.siteUrl ?? '';
  const jsonLd = serviceJsonLd({
    siteUrl,
    canonicalPath,
    service,
    choices,
    packageSlug,
    faqs: content.faqs,
    companyName: DEFAULT_CONTACT.companyName,
  });
  const title = focused ? focused.name : service.name;

  return (
    <div className="bg-slate-50/60">
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: structured data, serialised with '<' escaped.
        dangerouslySetInnerHTML={{ __html: jsonLdScript(jsonLd) }}
      />
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 desk:py-12">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
          <ol className="flex flex-wrap gap-2">
            <li>
              <a href="/" className="hover:text-brand-700 hover:underline">
                Home
              </a>
            </li>
            <li aria-hidden="true">/</li>
            {focused ? (
              <>
                <li>
                  <a href={`/${service.slug}`} className="hover:text-brand-700 hover:underline">
                    {service.name}
                  </a>
                </li>
                <li aria-hidden="true">/</li>
              </>
            ) : null}
            <li aria-current="page" className="font-medium text-slate-900">
              {title}
            </li>
          </ol>
        </nav>

        <header className="mt-6 flex gap-5">
          <span className="icon-tile hidden shrink-0 bg-brand-50 text-brand-700 sm:inline-flex">
            <Icon name={serviceIconName(service.icon)} className="size-6" />
          </span>
          <div className="max-w-3xl">
            {focused ? <p className="eyebrow">{service.name}</p> : null}
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
            <p className="mt-3 text-lg text-slate-700">{focused ? focused.description : service.summary}</p>
            {focused ? null : <p className="mt-3 text-slate-600">{service.description}</p>}
          </div>
        </header>

        {notice ? (
          <p
            role="status"
            className="mt-6 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            {notice}
          </p>
        ) : null}

        {service.parameters.length > 0 ? (
          <section
            id="choices"
            aria-labelledby="choices-heading"
            className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <h2 id="choices-heading" className="text-lg font-semibold text-slate-900">
                  Your choices
                </h2>
                <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
                  {service.parameters.map((parameter) => {
                    const iso = choices[parameter];
                    return (
                      <div key={parameter} className="flex items-center gap-2">
                        <dt className="text-slate-600">{parameterLabel(parameter)}:</dt>
                        <dd className="flex items-center gap-1.5 font-semibold text-slate-900">
                          {iso ? <CountryFlag isoCode={iso} /> : null}
                          {iso ? countryName(iso) : 'Not chosen'}
                        </dd>
                      </div>
                    );
                  })}
                </dl>
              </div>
              <a href="#choices-links" data-open-service-modal className="btn-outline px-4 py-2.5 text-[0.95rem]">
                Change choices
              </a>
            </div>
            <div id="choices-links" className="mt-4 border-t border-slate-100 pt-4">
              <p className="mb-3 text-sm text-slate-600">Or switch country here:</p>
              <ParameterPicker
                serviceSlug={service.slug}
                packageSlug={packageSlug}
                context={context}
                options={service.parameterOptions}
                choices={choices}
              />
            </div>
          </section>
        ) : null}

        <section aria-labelledby="packages-heading" className="mt-10">
          <h2 id="packages-heading" className="text-2xl font-semibold text-slate-900">
            {focused ? `${service.name} packages and full prices` : 'Packages and full prices'}
          </h2>
          {forChoices ? <p className="mt-1 text-sm text-slate-600">Showing prices for {forChoices}.</p> : null}
          {packages.length === 0 ? (
            <p className="mt-6 rounded-xl bg-white p-6 text-slate-700">{noPackagesMessage(service.name)}</p>
          ) : (
            <div className="mt-6 grid gap-6 sm:grid-cols-2 desk:grid-cols-3">
              {packages.map((pkg) => {
                const choice = { serviceSlug: service.slug, packageSlug: pkg.slug, choices };
                return (
                  <PackageCard
                    key={pkg.id}
                    pkg={pkg}
                    price={priceFor(pkg.prices, choices)}
                    focused={pkg === focused}
                    unavailableText={`This package is not offered for ${forChoices || 'this choice'}.`}
                    detailsHref={pkg === focused ? undefined : buildServicePath(choice, context)}
                    {...(photoService
                      ? { chooseHref: ROUTES.PHOTOS, orderedElsewhere: true }
                      : { chooseHref: signedIn ? packageFormHref(choice) : signInHref(packageFormHref(choice)) })}
                  />
                );
              })}
            </div>
          )}
        </section>

        {steps.length > 0 ? (
          <section aria-labelledby="process-heading" className="mt-14">
            <h2 id="process-heading" className="text-2xl font-semibold text-slate-900">
              How it works
            </h2>
            <Steps steps={steps} />
          </section>
        ) : null}

        {details.length > 0 ? (
          <section aria-labelledby="details-heading" className="mt-14">
            <h2 id="details-heading" className="text-2xl font-semibold text-slate-900">
              What to know before you apply
            </h2>
            <div className="mt-6 grid gap-4 desk:grid-cols-2">
              {details.map((section) => (
                <article key={section.id} className="card p-5">
                  <h3 className="font-semibold text-slate-900">{section.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-700">{section.description}</p>
                </article>
              ))}
            </div>
          </section>
        ) : null}

        {timelines.some((t) => t.entries.length > 0) ? (
          <section aria-labelledby="timeline-heading" className="mt-14">
            <h2 id="timeline-heading" className="text-2xl font-semibold text-slate-900">
              Timeline after you pay
            </h2>
            {focused ? (
              <div className="card mt-6 p-6">
                <Timeline entries={timelines[0]?.entries ?? []} />
              </div>
            ) : (
              <div className="mt-6 space-y-3">
                {timelines.map(({ pkg, entries }, index) => (
                  <details key={pkg.id} open={index === 0} className="card group p-0">
                    <summary className="flex cursor-pointer items-center justify-between gap-4 px-6 py-4 font-semibold text-slate-900">
                      {pkg.name}
                      <Icon
                        name="chevron-down"
                        className="size-5 text-slate-500 transition-transform group-open:rotate-180"
                      />
                    </summary>
                    <div className="px-6 pb-6">
                      <Timeline entries={entries} />
                    </div>
                  </details>
                ))}
              </div>
            )}
          </section>
        ) : null}

        {content.faqs.length > 0 ? (
          <section aria-labelledby="faq-heading" className="mt-14">
            <h2 id="faq-heading" className="text-2xl font-semibold text-slate-900">
              {service.name}: frequently asked questions
            </h2>
            <div className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
              {content.faqs.map((faq) => (
                <details key={faq.id} className="group px-6 py-4">
                  <summary className="flex cursor-pointer items-center justify-between gap-4 font-semibold text-slate-900">
                    {faq.question}
                    <Icon name="plus" className="size-5 text-brand-600 group-open:hidden" />
                    <Icon name="minus" className="hidden size-5 text-brand-600 group-open:block" />
                  </summary>
                  <p className="mt-3 text-[0.95rem] leading-relaxed text-slate-700">{faq.answer}</p>
                </details>
              ))}
            </div>
          </section>
        ) : null}

        {config ? (
          <aside className="on-dark mt-14 flex flex-col gap-4 rounded-2xl bg-brand-800 p-6 text-white desk:flex-row desk:items-center desk:justify-between">
            <div>
              <h2 className="text-xl font-semibold">Not sure which package fits?</h2>
              <p className="mt-1 text-brand-100">
                Our case specialists answer every day and check your situation before you pay.
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-3">
              <a
                href={`tel:${config.tollFreeNumber}`}
                className="inline-flex items-center gap-2 rounded-lg bg-white px-4 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
              >
                <Icon name="phone" className="size-4" /> Call {config.tollFreeNumber}
              </a>
              <a
                href={`https://wa.me/${config.whatsappNumber}`}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 rounded-lg border border-white/60 px-4 py-2.5 font-semibold text-white hover:bg-white/10"
              >
                <Icon name="message-circle" className="size-4" /> Chat on WhatsApp
              </a>
            </div>
          </aside>
        ) : null}
      </div>
    </div>
  );
}
