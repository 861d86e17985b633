import type { ServicePageContent } from './catalog-content.ts';
import { type ParameterChoices, SERVICE_PARAMETERS } from './parameters.ts';
import type { PackageDetail, PackageText } from './service-detail.ts';

/**
 * Text true to the customer's country (issue 17 point 5). The catalog's facts differ per country
 * (fees, outsourcer, processing times, documents), so its text does too: each row of text says
 * which choices it is true for (`appliesTo`), and a page for a choice shows only the text true
 * for it. `{}` is true for every choice: what a page without a choice may show.
 */

/** Whether text written for `appliesTo` is true for `choices`: every parameter it names is chosen as it says. */
export function appliesTo(condition: ParameterChoices, choices: ParameterChoices): boolean {
  return SERVICE_PARAMETERS.every((parameter) => {
    const wanted = condition[parameter];
    return !wanted || wanted.toUpperCase() === choices[parameter]?.toUpperCase();
  });
}

const specificity = (text: Pick<PackageText, 'appliesTo'>) =>
  SERVICE_PARAMETERS.filter((parameter) => text.appliesTo[parameter]).length;

/** The fields of a package that its per-country texts may replace. */
export type PackageWording = Pick<
  PackageDetail,
  'description' | 'features' | 'processingTime' | 'documents' | 'feeNote'
>;

/**
 * The package worded for these choices: its general text, replaced field by field by each text
 * true for them, the most specific last.
 */
export function packageWording(
  pkg: PackageWording & { texts: readonly PackageText[] },
  choices: ParameterChoices,
): PackageWording {
  const wording: PackageWording = {
    description: pkg.description,
    features: pkg.features,
    processingTime: pkg.processingTime,
    documents: pkg.documents,
    feeNote: pkg.feeNote,
  };
  const texts = pkg.texts
    .filter((t) => appliesTo(t.appliesTo, choices))
    .sort((a, b) => specificity(a) - specificity(b));
  for (const text of texts) {
    if (text.description !== null) wording.description = text.description;
    if (text.features !== null) wording.features = text.features;
    if (text.processingTime !== null) wording.processingTime = text.processingTime;
    if (text.documents !== null) wording.documents = text.documents;
    if (text.feeNote !== null) wording.feeNote = text.feeNote;
  }
  return wording;
}

/** The package with its text for these choices in place of its general text. */
export function packageForChoices<P extends PackageDetail>(pkg: P, choices: ParameterChoices): P {
  return { ...pkg, ...packageWording(pkg, choices) };
}

const keep =
  (choices: ParameterChoices) =>
  <T extends { appliesTo: ParameterChoices }>(rows: readonly T[]): T[] =>
    rows.filter((row) => appliesTo(row.appliesTo, choices));

/**
 * A service page's content as the page for these choices shows it: packages worded for them,
 * and only the steps, sections, timeline entries and FAQs true for them.
 */
export function contentForChoices(content: ServicePageContent, choices: ParameterChoices): ServicePageContent {
  const only = keep(choices);
  const perPackage = <T extends { appliesTo: ParameterChoices }>(byPackage: Record<string, T[]>) =>
    Object.fromEntries(Object.entries(byPackage).map(([id, rows]) => [id, only(rows)]));
  return {
    service: { ...content.service, packages: content.service.packages.map((p) => packageForChoices(p, choices)) },
    steps: only(content.steps),
    details: only(content.details),
    packageSteps: perPackage(content.packageSteps),
    packageDetails: perPackage(content.packageDetails),
    timelines: perPackage(content.timelines),
    faqs: only(content.faqs),
  };
}
