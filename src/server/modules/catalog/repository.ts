import { and, asc, eq } from 'drizzle-orm';
import type { Currency } from '../../../domain/catalog/money.ts';
import type { Database } from '../../db/client.ts';
import {
  addonPrices,
  faqs,
  packagePrices,
  packages,
  packageTexts,
  packageTimeline,
  processSteps,
  services,
} from './tables.ts';

export function createCatalogRepository(db: Database) {
  return {
    /**
     * Who a package's price is for (null parts: anyone), or null when the package is gone. A price
     * row that is not the package's, or no longer there (deleted before such rows were kept, or by
     * a delete racing the order's start), leaves the package's own kinds: a child's package never
     * takes an adult because its row went.
     */
    async applicantRule(packageId: number, priceId: number) {
      const [row] = await db
        .select({
          kinds: packages.applicantKinds,
          underAge: packagePrices.applicantUnderAge,
          fromAge: packagePrices.applicantFromAge,
        })
        .from(packages)
        .leftJoin(packagePrices, and(eq(packagePrices.id, priceId), eq(packagePrices.packageId, packages.id)))
        .where(eq(packages.id, packageId));
      return row ?? null;
    },

    /** Add-on prices in one currency (SPEC.md §9 seed; CAD for Canada). */
    listAddonPrices(currency: Currency) {
      return db
        .select({ addon: addonPrices.addon, amountCents: addonPrices.amountCents })
        .from(addonPrices)
        .where(eq(addonPrices.currency, currency));
    },

    /* Whole-catalog reads for the in-memory catalog of service.ts: a few hundred rows in all. */

    listActiveServicesFull() {
      return db
        .select({
          id: services.id,
          name: services.name,
          slug: services.slug,
          brand: services.brand,
          summary: services.summary,
          description: services.description,
          icon: services.icon,
          parameters: services.parameters,
          parameterOptions: services.parameterOptions,
          updatedAt: services.updatedAt,
        })
        .from(services)
        .where(eq(services.isActive, true))
        .orderBy(asc(services.sortOrder), asc(services.id));
    },

    listAllActivePackages() {
      return db
        .select({
          id: packages.id,
          serviceId: packages.serviceId,
          name: packages.name,
          slug: packages.slug,
          description: packages.description,
          features: packages.features,
          processingTime: packages.processingTime,
          documents: packages.documents,
          feeNote: packages.feeNote,
          perApplicant: packages.perApplicant,
          applicantKinds: packages.applicantKinds,
          addons: packages.addons,
          updatedAt: packages.updatedAt,
        })
        .from(packages)
        .where(eq(packages.isActive, true))
        .orderBy(asc(packages.sortOrder), asc(packages.id));
    },

    listAllPrices() {
      return db
        .select({
          id: packagePrices.id,
          packageId: packagePrices.packageId,
          applyingFrom: packagePrices.applyingFrom,
          citizenship: packagePrices.citizenship,
          destination: packagePrices.destination,
          currency: packagePrices.currency,
          governmentFeeCents: packagePrices.governmentFeeCents,
          mandatoryFees: packagePrices.mandatoryFees,
          serviceFeeCents: packagePrices.serviceFeeCents,
          compareAtServiceFeeCents: packagePrices.compareAtServiceFeeCents,
          isEstimate: packagePrices.isEstimate,
          feesPaidOnPortal: packagePrices.feesPaidOnPortal,
          effectiveFrom: packagePrices.effectiveFrom,
          applicantUnderAge: packagePrices.applicantUnderAge,
          applicantFromAge: packagePrices.applicantFromAge,
        })
        .from(packagePrices)
        .orderBy(asc(packagePrices.id));
    },

    /** Every price row of one package, dated or not (the fee in force is chosen from them). */
    listPricesOfPackage(packageId: number) {
      return db
        .select({
          id: packagePrices.id,
          applyingFrom: packagePrices.applyingFrom,
          citizenship: packagePrices.citizenship,
          destination: packagePrices.destination,
          currency: packagePrices.currency,
          governmentFeeCents: packagePrices.governmentFeeCents,
          mandatoryFees: packagePrices.mandatoryFees,
          serviceFeeCents: packagePrices.serviceFeeCents,
          compareAtServiceFeeCents: packagePrices.compareAtServiceFeeCents,
          isEstimate: packagePrices.isEstimate,
          feesPaidOnPortal: packagePrices.feesPaidOnPortal,
          effectiveFrom: packagePrices.effectiveFrom,
        })
        .from(packagePrices)
        .where(eq(packagePrices.packageId, packageId))
        .orderBy(asc(packagePrices.id));
    },

    listAllPackageTexts() {
      return db
        .select({
          packageId: packageTexts.packageId,
          appliesTo: packageTexts.appliesTo,
          description: packageTexts.description,
          features: packageTexts.features,
          processingTime: packageTexts.processingTime,
          documents: packageTexts.documents,
          feeNote: packageTexts.feeNote,
        })
        .from(packageTexts)
        .orderBy(asc(packageTexts.id));
    },

    listAllProcessSteps() {
      return db
        .select({
          id: processSteps.id,
          serviceId: processSteps.serviceId,
          packageId: processSteps.packageId,
          kind: processSteps.kind,
          position: processSteps.position,
          title: processSteps.title,
          description: processSteps.description,
          icon: processSteps.icon,
          appliesTo: processSteps.appliesTo,
        })
        .from(processSteps)
        .orderBy(asc(processSteps.position), asc(processSteps.id));
    },

    listAllTimelineEntries() {
      return db
        .select({
          id: packageTimeline.id,
          packageId: packageTimeline.packageId,
          position: packageTimeline.position,
          title: packageTimeline.title,
          description: packageTimeline.description,
          duration: packageTimeline.duration,
          appliesTo: packageTimeline.appliesTo,
        })
        .from(packageTimeline)
        .orderBy(asc(packageTimeline.position), asc(packageTimeline.id));
    },

    listActiveFaqs() {
      return db
        .select({
          id: faqs.id,
          serviceId: faqs.serviceId,
          position: faqs.position,
          question: faqs.question,
          answer: faqs.answer,
          appliesTo: faqs.appliesTo,
        })
        .from(faqs)
        .where(eq(faqs.isActive, true))
        .orderBy(asc(faqs.position), asc(faqs.id));
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
