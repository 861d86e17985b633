/**
 * The seeded form definition of every application package (docs/decisions/0047-form-engine.md).
 * Packages of one service share a builder and differ only where their official forms differ.
 * Photo Enhancement packages are photo orders (SPEC.md §3 photo enhancement order state), not
 * applications, and have no definition.
 */
import type { FormDefinition } from '../../../../domain/forms/definition.ts';
import { withMinorQuestionTexts } from './minor-texts.ts';
import { newOciDefinition, ociLostDefinition, ociReissueDefinition } from './oci.ts';
import { passportDefinition } from './passport.ts';
import { attestationDefinition } from './power-of-attorney.ts';
import { renunciationDefinition } from './renunciation.ts';
import { consularBookingDefinition, eVisaDefinition, paperVisaDefinition } from './visa.ts';

type Builder = (id: string) => FormDefinition;

const BUILDERS: Record<string, Record<string, Builder>> = {
  'oci-card': {
    'new-oci-card': (id) => newOciDefinition(id, 'OCI card registration'),
    'oci-card-for-minor': (id) => newOciDefinition(id, 'OCI card registration for a minor'),
    'oci-reissue': (id) => ociReissueDefinition(id, 'OCI card re-issue'),
    'lost-or-damaged-oci': (id) => ociLostDefinition(id, 'Replacement of a lost or damaged OCI card'),
  },
  'indian-passport-renewal': {
    'adult-36-pages': (id) => passportDefinition(id, 'Indian passport renewal (36 pages)', 'normal', 36),
    'adult-60-pages': (id) => passportDefinition(id, 'Indian passport renewal (60 pages)', 'normal', 60),
    minor: (id) => passportDefinition(id, 'Indian passport renewal for a minor', 'normal', 36),
    tatkal: (id) => passportDefinition(id, 'Indian passport renewal under Tatkal', 'tatkal', 36),
    'lost-or-damaged': (id) => passportDefinition(id, 'New passport for a lost or damaged one', 'lost', 36),
  },
  'renunciation-of-indian-passport': {
    'surrender-certificate-from-june-2010': (id) =>
      renunciationDefinition(id, 'Renunciation and surrender certificate', { min: '2010-06-01', max: 'today' }),
    'surrender-certificate-before-june-2010': (id) =>
      renunciationDefinition(id, 'Renunciation and surrender certificate', { min: '1950-01-01', max: '2010-05-31' }),
  },
  'power-of-attorney': {
    'property-power-of-attorney': (id) =>
      attestationDefinition(id, 'Attestation of a property power of attorney', 'property'),
    'civil-document-attestation': (id) => attestationDefinition(id, 'Attestation of a civil document', 'civil'),
  },
  'indian-visa': {
    'e-tourist-30-days': (id) =>
      eVisaDefinition(id, 'e-Tourist Visa (30 days)', { kind: 'tourist', applyDaysAhead: 30, maxStayDays: 30 }),
    'e-tourist-1-year': (id) =>
      eVisaDefinition(id, 'e-Tourist Visa (1 year)', { kind: 'tourist', applyDaysAhead: 120, maxStayDays: 180 }),
    'e-tourist-5-years': (id) =>
      eVisaDefinition(id, 'e-Tourist Visa (5 years)', { kind: 'tourist', applyDaysAhead: 120, maxStayDays: 180 }),
    'e-business': (id) => eVisaDefinition(id, 'e-Business Visa', { kind: 'business' }),
  },
  'visa-application-centre-support': {
    'paper-visa-application': (id) => paperVisaDefinition(id, 'Regular visa application'),
    'consular-appointment-file-check': (id) => consularBookingDefinition(id, 'Consular appointment and file check'),
  },
};

/** Every seeded definition, built once, keyed by its id ('serviceSlug/packageSlug'). */
export const SEEDED_FORM_DEFINITIONS: ReadonlyMap<string, FormDefinition> = new Map(
  Object.entries(BUILDERS).flatMap(([service, packages]) =>
    Object.entries(packages).map(([pkg, build]) => {
      const id = `${service}/${pkg}`;
      return [id, withMinorQuestionTexts(build(id))] as const;
    }),
  ),
);

/** The seeded definition of a package, or null (unknown package, or a photo order). */
export function definitionForPackage(serviceSlug: string, packageSlug: string): FormDefinition | null {
  return SEEDED_FORM_DEFINITIONS.get(`${serviceSlug}/${packageSlug}`) ?? null;
}
