import type { ChecklistInput } from '../../../domain/applications/checklist.ts';
import { MEMBER_KINDS } from '../../../domain/applications/member-kinds.ts';
import { CATALOG } from './catalog-data.ts';

/**
 * For tests: a checklist input for every seeded package, country, member kind and answer to "were
 * you an Indian citizen" (unknown, yes, no), named for a failing assertion.
 */
export function seededChecklistCases(extra: Partial<ChecklistInput> = {}) {
  return CATALOG.flatMap((service) =>
    service.packages.flatMap((pkg) =>
      pkg.prices.flatMap((price) =>
        MEMBER_KINDS.flatMap((memberKind) =>
          [undefined, true, false].map((formerIndianCitizen) => ({
            where: `${service.slug}/${pkg.slug} ${price.applyingFrom ?? price.citizenship ?? ''} ${memberKind} ${formerIndianCitizen}`,
            input: {
              serviceSlug: service.slug,
              packageSlug: pkg.slug,
              choices: {
                applyingFrom: price.applyingFrom,
                citizenship: price.citizenship,
                destination: price.destination,
              },
              memberKind,
              ...(formerIndianCitizen === undefined ? {} : { formerIndianCitizen }),
              ...extra,
            } satisfies ChecklistInput,
          })),
        ),
      ),
    ),
  );
}
