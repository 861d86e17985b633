import type { ListData } from '../../../domain/api/envelope.ts';
import type { Pagination } from '../../../domain/api/pagination.ts';
import { ANY_APPLICANT, type ApplicantRule } from '../../../domain/applications/package-applicants.ts';
import type { AddonType } from '../../../domain/catalog/addons.ts';
import type {
  Faq,
  ParameterSet,
  PricedPackage,
  ProcessStep,
  ServicePageContent,
  TimelineEntry,
} from '../../../domain/catalog/catalog-content.ts';
import { packageWording } from '../../../domain/catalog/choice-text.ts';
import { feeDay, pricesOnDay } from '../../../domain/catalog/fee-schedule.ts';
import type { Currency } from '../../../domain/catalog/money.ts';
import { parameterLabel } from '../../../domain/catalog/parameter-labels.ts';
import { type ParameterChoices, SERVICE_PARAMETERS } from '../../../domain/catalog/parameters.ts';
import { priceFor, resolveChoices, startingPrice } from '../../../domain/catalog/pricing.ts';
import {
  type PackageDetail,
  type PackagePrice,
  priceTotalCents,
  type ServiceDetail,
} from '../../../domain/catalog/service-detail.ts';
import type { ServiceSummary } from '../../../domain/catalog/service-summary.ts';
import type { Brand } from '../../../domain/config/site.ts';
import { countryName } from '../../../domain/countries/names.ts';
import { isPhotoPricedService, photoPackageCents } from '../../../domain/photos/catalog-prices.ts';
import type { Database } from '../../db/client.ts';
import type { ContentChanges } from '../../lib/content-changes.ts';
import { createReadCache } from '../../lib/read-cache.ts';
import { createCatalogRepository } from './repository.ts';

/** How long the in-memory catalog may be served before it is read again, as a safety net for
 * changes made outside the app (SQL, a seed); the back office's edits invalidate every process at
 * once through the content-changed hook. */
const CATALOG_CACHE_TTL_MS = 60_000;

type Repository = ReturnType<typeof createCatalogRepository>;
type StepRow = Awaited<ReturnType<Repository['listAllProcessSteps']>>[number];

/** The whole active catalog, indexed: every catalog read is answered from it. */
interface CatalogSnapshot {
  summaries: ServiceSummary[];
  details: ServiceDetail[];
  bySlug: Map<string, ServiceDetail>;
  byId: Map<number, ServiceDetail>;
  packageById: Map<number, { serviceId: number; pkg: PackageDetail }>;
  steps: StepRow[];
  timelines: Map<number, TimelineEntry[]>;
  faqs: Faq[];
  updatedAt: Map<string, Date>;
  /** Service pages made from this snapshot, by slug: the same object for every read until the next load. */
  servicePages: Map<string, ServicePageContent>;
}

const toStep = ({ serviceId: _s, kind: _k, ...step }: StepRow): ProcessStep => step;

/**
 * A Photo Enhancement package's prices are what its photo order is charged (issue 31 §5): each
 * stored row of a currency photo orders use takes that amount, with no fee lines and nothing struck
 * through; other rows, and every row of a package that is no photo order, are not shown.
 */
function asPhotoOrderPrices(packageSlug: string, stored: PackageDetail['prices']): PackageDetail['prices'] {
  return stored.flatMap((price) => {
    const cents =
      (price.currency === 'USD' || price.currency === 'CAD') &&
      price.applyingFrom === null &&
      price.citizenship === null &&
      price.destination === null
        ? photoPackageCents(packageSlug, price.currency)
        : null;
    if (cents === null) return [];
    return [
      {
        ...price,
        governmentFeeCents: 0,
        mandatoryFees: [],
        serviceFeeCents: cents,
        compareAtServiceFeeCents: null,
        totalCents: cents,
        isEstimate: false,
        feesPaidOnPortal: false,
        scheduledChange: null,
      },
    ];
  });
}

/** The catalog as it stands on `day` (UTC): each package's prices are those in force that day. */
async function loadSnapshot(repository: Repository, day: string): Promise<CatalogSnapshot> {
  const [serviceRows, packageRows, priceRows, textRows, stepRows, timelineRows, faqRows] = await Promise.all([
    repository.listActiveServicesFull(),
    repository.listAllActivePackages(),
    repository.listAllPrices(),
    repository.listAllPackageTexts(),
    repository.listAllProcessSteps(),
    repository.listAllTimelineEntries(),
    repository.listActiveFaqs(),
  ]);
  const rowsByPackage = new Map<number, Omit<(typeof priceRows)[number], 'packageId'>[]>();
  for (const { packageId, ...price } of priceRows) {
    rowsByPackage.set(packageId, [...(rowsByPackage.get(packageId) ?? []), price]);
  }
  // Each package's rows in force on `day`, with the next dated change of their fees.
  const pricesByPackage = new Map<number, PackageDetail['prices']>();
  for (const [packageId, rows] of rowsByPackage) {
    pricesByPackage.set(
      packageId,
      pricesOnDay(rows, day).map(({ applicantUnderAge, applicantFromAge, ...price }) => ({
        ...price,
        totalCents: priceTotalCents(price),
        // Only where age matters: the pages carry every price.
        ...(applicantUnderAge !== null ? { applicantUnderAge } : {}),
        ...(applicantFromAge !== null ? { applicantFromAge } : {}),
      })),
    );
  }
  const textsByPackage = new Map<number, PackageDetail['texts']>();
  for (const { packageId, ...text } of textRows) {
    const list = textsByPackage.get(packageId) ?? [];
    list.push(text);
    textsByPackage.set(packageId, list);
  }
  const details: ServiceDetail[] = [];
  const summaries: ServiceSummary[] = [];
  const packageById = new Map<number, { serviceId: number; pkg: PackageDetail }>();
  const updatedAt = new Map<string, Date>();
  for (const { updatedAt: serviceUpdated, ...service } of serviceRows) {
    const packages: PackageDetail[] = packageRows
      .filter((p) => p.serviceId === service.id)
      .map(({ serviceId: _s, updatedAt: _u, ...pkg }) => {
        const stored = pricesByPackage.get(pkg.id) ?? [];
        return {
          ...pkg,
          prices: isPhotoPricedService(service.slug) ? asPhotoOrderPrices(pkg.slug, stored) : stored,
          texts: textsByPackage.get(pkg.id) ?? [],
        };
      });
    const detail: ServiceDetail = { ...service, fromPrice: startingPrice(packages), packages };
    details.push(detail);
    const { description: _d, parameterOptions: _o, packages: _p, ...summary } = detail;
    summaries.push(summary);
    let latest = serviceUpdated;
    for (const pkg of packageRows.filter((p) => p.serviceId === service.id)) {
      const full = packages.find((p) => p.id === pkg.id);
      if (full) packageById.set(pkg.id, { serviceId: service.id, pkg: full });
      if (pkg.updatedAt > latest) latest = pkg.updatedAt;
      updatedAt.set(`${service.slug}/${pkg.slug}`, pkg.updatedAt);
    }
    updatedAt.set(service.slug, latest);
  }
  const byId = new Map(details.map((d) => [d.id, d]));
  const timelines = new Map<number, TimelineEntry[]>();
  for (const { packageId, ...entry } of timelineRows) {
    const list = timelines.get(packageId) ?? [];
    list.push(entry);
    timelines.set(packageId, list);
  }
  const faqs: Faq[] = faqRows
    .filter((f) => f.serviceId === null || byId.has(f.serviceId))
    .map((f) => {
      const service = f.serviceId === null ? undefined : byId.get(f.serviceId);
      return { ...f, serviceSlug: service?.slug ?? null, serviceName: service?.name ?? null };
    })
    // General questions first, then by service order, then by position.
    .sort((a, b) => serviceOrder(a) - serviceOrder(b) || a.position - b.position || a.id - b.id);
  function serviceOrder(f: { serviceId: number | null }): number {
    return f.serviceId === null ? -1 : details.findIndex((d) => d.id === f.serviceId);
  }
  return {
    summaries,
    details,
    bySlug: new Map(details.map((d) => [d.slug, d])),
    byId,
    packageById,
    steps: stepRows,
    timelines,
    faqs,
    updatedAt,
    servicePages: new Map(),
  };
}

export interface PackagesForChoices {
  service: ServiceDetail;
  /** The requested choices among the service's options, defaults for the rest. */
  choices: ParameterChoices;
  packages: PricedPackage[];
}

export { type CatalogAdmin, createCatalogAdmin } from './admin.ts';

/**
 * `changes`: the signal that public content changed (lib/content-changes.ts); the snapshot is
 * dropped whenever it fires, whoever made the change.
 */
export function createCatalogService(
  db: Database,
  {
    changes,
    now = () => new Date(),
  }: {
    changes?: Pick<ContentChanges, 'subscribe'>;
    /** Whose day's fees are in force (tests hold it). */
    now?: () => Date;
  } = {},
) {
  const repository = createCatalogRepository(db);
  // One entry: the whole catalog for today. Concurrent readers share one load; once the TTL is
  // up, readers keep the old snapshot while a new one loads in the background, and after
  // invalidate() they wait for fresh rows (see read-cache.ts). A new day is a new key: the first
  // read after midnight (UTC) loads the prices in force that day.
  const cache = createReadCache({ ttlMs: CATALOG_CACHE_TTL_MS, maxEntries: 1 });
  const catalog = () => {
    const day = feeDay(now());
    return cache.get(`catalog:${day}`, () => loadSnapshot(repository, day));
  };
  changes?.subscribe(() => cache.clear());

  function stepsOf(snap: CatalogSnapshot, serviceId: number, packageId: number | null, kind: 'step' | 'detail') {
    return snap.steps
      .filter((s) => s.serviceId === serviceId && s.packageId === packageId && s.kind === kind)
      .map(toStep);
  }

  function pricePackages(service: ServiceDetail, requested: ParameterChoices): PackagesForChoices {
    const choices = resolveChoices(service.parameters, service.parameterOptions, requested);
    // A requested value the service does not offer gets no packages, rather than the default's.
    const unavailable = service.parameters.some((p) => requested[p] && requested[p]?.toUpperCase() !== choices[p]);
    const packages: PricedPackage[] = [];
    if (!unavailable) {
      for (const { prices, texts, ...pkg } of service.packages) {
        const price = priceFor(prices, choices);
        if (price) {
          packages.push({
            ...pkg,
            ...packageWording({ ...pkg, texts }, choices),
            serviceId: service.id,
            choices,
            price,
          });
        }
      }
    }
    return { service, choices, packages };
  }

  return {
    async listServices({ page, limit }: Pagination): Promise<ListData<ServiceSummary>> {
      const { summaries } = await catalog();
      const start = (page - 1) * limit;
      return { results: summaries.slice(start, start + limit), totalCount: summaries.length, page, limit };
    },

    /** The active services of one brand (SEVADOCS or SEVAPHOTOS). */
    async listServicesByBrand(brand: Brand): Promise<ServiceSummary[]> {
      return (await catalog()).summaries.filter((s) => s.brand === brand);
    },

    /** The service with its active packages and their prices, or null when unknown or inactive. */
    async getServiceBySlug(slug: string): Promise<ServiceDetail | null> {
      return (await catalog()).bySlug.get(slug) ?? null;
    },

    async getServiceById(id: number): Promise<ServiceDetail | null> {
      return (await catalog()).byId.get(id) ?? null;
    },

    /**
     * The price of each add-on in `currency`, in cents (add-ons without a price there are not
     * offered). `on` is the caller's transaction: on PGlite's one connection a read outside it waits forever.
     */
    async addonPrices(currency: Currency, on: Database = db): Promise<Partial<Record<AddonType, number>>> {
      const rows = await createCatalogRepository(on).listAddonPrices(currency);
      return Object.fromEntries(rows.map((r) => [r.addon, r.amountCents]));
    },

    /**
     * The package's price in force today for the choices, with its next dated change (issue 32 §2),
     * read from its rows in `on`, the caller's transaction (the fee-change job and a payment's
     * start hold the order's lock: on PGlite's one connection a read outside it waits forever).
     * Null when no row of the package matches the choices today.
     */
    async priceToday(packageId: number, choices: ParameterChoices, on: Database = db): Promise<PackagePrice | null> {
      const rows = await createCatalogRepository(on).listPricesOfPackage(packageId);
      const price = priceFor(pricesOnDay(rows, feeDay(now())), choices);
      return price ? { ...price, totalCents: priceTotalCents(price) } : null;
    },

    /**
     * Who the package's price `priceId` is for (decision 0149): anyone unless the catalog says
     * otherwise; the package's kinds alone when the row is gone (repository.ts).
     */
    async applicantRule(packageId: number, priceId: number, on: Database = db): Promise<ApplicantRule> {
      return (await createCatalogRepository(on).applicantRule(packageId, priceId)) ?? ANY_APPLICANT;
    },

    /** An active package with its service, or null when either is unknown or inactive. */
    async getPackage(packageId: number): Promise<{ service: ServiceDetail; pkg: PackageDetail } | null> {
      const snap = await catalog();
      const owner = snap.packageById.get(packageId);
      const service = owner && snap.byId.get(owner.serviceId);
      return owner && service ? { service, pkg: owner.pkg } : null;
    },

    /**
     * The packages of a service priced for the choices (SPEC.md §7 'Packages for a service').
     * Missing choices take the service's first option; a choice outside its options leaves no
     * package. Null when the service is unknown.
     */
    async getPackagesForChoices(serviceId: number, requested: ParameterChoices): Promise<PackagesForChoices | null> {
      const service = (await catalog()).byId.get(serviceId);
      return service ? pricePackages(service, requested) : null;
    },

    /** Each parameter with the countries a customer may pick: for one service, or across all. */
    async getParameters(serviceId?: number): Promise<ParameterSet | null> {
      const snap = await catalog();
      const services =
        serviceId === undefined ? snap.details : [snap.byId.get(serviceId)].filter((s) => s !== undefined);
      if (serviceId !== undefined && services.length === 0) return null;
      const parameters = SERVICE_PARAMETERS.flatMap((name) => {
        const codes = [
          ...new Set(services.flatMap((s) => (s.parameters.includes(name) ? (s.parameterOptions[name] ?? []) : []))),
        ];
        if (codes.length === 0) return [];
        return [
          {
            name,
            label: parameterLabel(name),
            options: codes.map((isoCode) => ({ isoCode, name: countryName(isoCode) })),
          },
        ];
      });
      return { serviceId: serviceId ?? null, parameters };
    },

    /** The service's own steps (`step`) or sections (`detail`); null when the service is unknown. */
    async getServiceProcess(serviceId: number, kind: 'step' | 'detail'): Promise<ProcessStep[] | null> {
      const snap = await catalog();
      return snap.byId.has(serviceId) ? stepsOf(snap, serviceId, null, kind) : null;
    },

    /**
     * A package's steps (its own when it has any, else its service's) or sections (its
     * service's followed by its own); null when the package is unknown.
     */
    async getPackageProcess(packageId: number, kind: 'step' | 'detail'): Promise<ProcessStep[] | null> {
      const snap = await catalog();
      const owner = snap.packageById.get(packageId);
      if (!owner) return null;
      const own = stepsOf(snap, owner.serviceId, packageId, kind);
      const shared = stepsOf(snap, owner.serviceId, null, kind);
      if (kind === 'step') return own.length ? own : shared;
      return [...shared, ...own];
    },

    /** What happens when after payment; null when the package is unknown. */
    async getPackageTimeline(packageId: number): Promise<TimelineEntry[] | null> {
      const snap = await catalog();
      return snap.packageById.has(packageId) ? (snap.timelines.get(packageId) ?? []) : null;
    },

    /**
     * FAQs: every active one (general first, then by service) without an argument, only the
     * general ones with `null`, or one service's; null when that service is unknown.
     */
    async listFaqs(serviceId?: number | null): Promise<Faq[] | null> {
      const snap = await catalog();
      if (serviceId === undefined) return snap.faqs;
      if (serviceId !== null && !snap.byId.has(serviceId)) return null;
      return snap.faqs.filter((f) => f.serviceId === serviceId);
    },

    /** Everything a service page shows, or null when the service is unknown or inactive. */
    async getServicePage(slug: string): Promise<ServicePageContent | null> {
      const snap = await catalog();
      const service = snap.bySlug.get(slug);
      if (!service) return null;
      const kept = snap.servicePages.get(slug);
      if (kept) return kept;
      const packageSteps: Record<number, ProcessStep[]> = {};
      const packageDetails: Record<number, ProcessStep[]> = {};
      const timelines: Record<number, TimelineEntry[]> = {};
      for (const pkg of service.packages) {
        packageSteps[pkg.id] = stepsOf(snap, service.id, pkg.id, 'step');
        packageDetails[pkg.id] = stepsOf(snap, service.id, pkg.id, 'detail');
        timelines[pkg.id] = snap.timelines.get(pkg.id) ?? [];
      }
      const page: ServicePageContent = {
        service,
        steps: stepsOf(snap, service.id, null, 'step'),
        details: stepsOf(snap, service.id, null, 'detail'),
        packageSteps,
        packageDetails,
        timelines,
        faqs: snap.faqs.filter((f) => f.serviceId === service.id),
      };
      snap.servicePages.set(slug, page);
      return page;
    },

    /** Service pages and package pages for sitemap.xml, with their last change. */
    async listSitemapEntries(): Promise<{ path: string; updatedAt: Date | null }[]> {
      const snap = await catalog();
      return snap.details.flatMap((service) => [
        { path: `/${service.slug}`, updatedAt: snap.updatedAt.get(service.slug) ?? null },
        ...service.packages.map((pkg) => ({
          path: `/${service.slug}/${pkg.slug}`,
          updatedAt: snap.updatedAt.get(`${service.slug}/${pkg.slug}`) ?? null,
        })),
      ]);
    },

    /**
     * The version of the catalog that reads answer from now: the same object until the catalog is
     * reloaded, so what is derived from it (serialised API answers) can be kept against it.
     */
    async version(): Promise<object> {
      return catalog();
    },

    /** Drops cached reads; call after any change to services, packages, prices, steps, timelines or FAQs. */
    invalidate(): void {
      cache.clear();
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
