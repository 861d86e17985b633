import { lazy, Suspense } from 'react';
import { useLoaderData } from 'react-router';
import { PHOTO_ENHANCEMENT_SLUG } from '../../domain/config/navigation.ts';
import { ROUTES } from '../../domain/config/routes.ts';
import { DEFAULT_CONTACT } from '../../domain/config/site.ts';
import { PHOTO_PROMISE } from '../../domain/photos/promise.ts';
import { StaticIsland } from '../components/ui/static-island.tsx';
import { openAuthDialog } from '../features/auth/open-auth-dialog.ts';
import { CHECK_TEXT } from '../features/photos/check/text.ts';
import { PhotosClosingCta, PhotosHero } from '../features/photos/landing/hero.tsx';
import { photosServiceJsonLd } from '../features/photos/landing/json-ld.ts';
import type { PhotosLandingDetailsProps } from '../features/photos/landing/photos-landing-details.tsx';
import { photoPlanPrices } from '../features/photos/landing/plans.ts';
import { StartPhotoOrder } from '../features/photos/landing/start-order-cta.tsx';
import { appContext } from '../lib/app-context.ts';
import type { Route } from './+types/photos';

/** Static content: rendered on the server, no page JavaScript on first load (see StaticIsland). */
const ServerDetails = import.meta.env.SSR
  ? (await import('../features/photos/landing/photos-landing-details.tsx')).PhotosLandingDetails
  : undefined;
// The check's code (its upload, the checks list and their schemas) loads after the first paint (DESIGN.md §4 budget).
const PhotoCheckPanel = lazy(() =>
  import('../features/photos/check/photo-check.tsx').then((m) => ({ default: m.PhotoCheckPanel })),
);
const ClientDetails = lazy(() =>
  import('../features/photos/landing/photos-landing-details.tsx').then((m) => ({ default: m.PhotosLandingDetails })),
);

const TITLE = 'Passport, OCI and visa photos from your phone, checked and fitted | SevaPhotos';
const DESCRIPTION = `Upload a phone photo: we check it against the OCI, Indian passport, e-Visa, US and Canada visa rules and fit it to the exact size. Digital copy, prints delivered, or pickup at a photo studio. ${PHOTO_PROMISE.SEVAPHOTOS}`;

export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicConfig } = context.get(appContext);
  const plans = photoPlanPrices(await services.catalog.getServiceBySlug(PHOTO_ENHANCEMENT_SLUG));
  return {
    plans,
    brandName: DEFAULT_CONTACT.photoBrandName,
    // Built here, so the browser's route module carries neither the builder nor the copy.
    jsonLd: photosServiceJsonLd({
      siteUrl: publicConfig.siteUrl,
      path: ROUTES.PHOTOS,
      brandName: DEFAULT_CONTACT.photoBrandName,
      companyName: DEFAULT_CONTACT.companyName,
      description: DESCRIPTION,
      plans,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: TITLE },
  { name: 'description', content: DESCRIPTION },
  { property: 'og:title', content: 'SevaPhotos: passport and visa photos, fitted to the rules' },
  { property: 'og:description', content: DESCRIPTION },
  { property: 'og:type', content: 'website' },
  ...(loaderData
    ? [{ property: 'og:url', content: loaderData.jsonLd.url }, { 'script:ld+json': loaderData.jsonLd }]
    : []),
];

// SPEC.md §4: a visitor signs up (or in) in photo-order mode, and goes on to the photo order.
const openInPhotoOrderMode = (kind: 'signup' | 'signin') => openAuthDialog(kind, { mode: 'photo-order' });

export default function Photos() {
  const { plans, brandName } = useLoaderData<typeof loader>();
  return (
    <>
      <PhotosHero brandName={brandName} cta={<StartPhotoOrder onVisitorOpen={openInPhotoOrderMode} />} />
      {/* Check first, account later (issue 31): the order that follows sign-in takes the checked photo. */}
      <Suspense fallback={<p className="page-x py-10 text-slate-700">{CHECK_TEXT.loading}</p>}>
        <PhotoCheckPanel
          orderCta={(emphasis) => (
            <StartPhotoOrder
              onVisitorOpen={openInPhotoOrderMode}
              label={CHECK_TEXT.order}
              secondary={emphasis === 'secondary'}
            />
          )}
        />
      </Suspense>
      <StaticIsland<PhotosLandingDetailsProps> server={ServerDetails} client={ClientDetails} props={{ plans }} />
      <PhotosClosingCta cta={<StartPhotoOrder onVisitorOpen={openInPhotoOrderMode} onDark />} />
    </>
  );
}
