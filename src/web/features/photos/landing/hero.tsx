import type { ReactNode } from 'react';
import { PHOTO_PROMISE } from '../../../../domain/photos/promise.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { EXAMPLE_FIGURES } from './example-figures.ts';

const kb = (bytes: number) => `${Math.round(bytes / 1000)} KB`;

/** The top of /photos: what SevaPhotos does, the call to action and the before/after example. */
export function PhotosHero({ brandName, cta }: { brandName: string; cta: ReactNode }) {
  const { before, after } = EXAMPLE_FIGURES;
  return (
    <section aria-labelledby="photos-title" className="overflow-hidden bg-brand-50">
      <div className="page-x grid items-center gap-10 pt-10 pb-14 lg:grid-cols-[1.05fr_1fr] lg:py-16">
        <div>
          <p className="eyebrow">{brandName}</p>
          <h1
            id="photos-title"
            className="mt-3 text-4xl leading-[1.1] font-extrabold tracking-tight text-slate-900 sm:text-5xl"
          >
            Passport, OCI and visa photos from your phone, <span className="text-brand-600">fitted to the rules.</span>
          </h1>
          <p className="section-lead max-w-xl leading-relaxed">
            Upload a photo taken at home. We check it against the portal’s rules, show you every result, and fit it to
            the exact size: a digital copy to upload, prints delivered to your home, or pickup at a photo studio.
          </p>
          <div className="mt-8">{cta}</div>
          <p className="mt-6 flex items-start gap-2 text-sm text-slate-700">
            <Icon name="shield-check" className="mt-0.5 size-4 text-green-700" />
            {PHOTO_PROMISE.SEVAPHOTOS}
          </p>
        </div>
        <figure className="mx-auto w-full max-w-xl">
          <div className="grid grid-cols-2 items-end gap-3 sm:gap-5">
            <div>
              <img
                src={before.path}
                width={before.widthPx}
                height={before.heightPx}
                alt="Before: a person taken from a distance in front of a light wall, off-centre, with a door frame and a light switch in view"
                className="h-auto w-full rounded-xl border border-slate-200 shadow-sm"
              />
              <p className="mt-2 text-sm font-semibold text-slate-900">Before</p>
              <p className="text-sm text-slate-700">Phone photo, 3 : 4</p>
            </div>
            <div>
              <img
                src={after.path}
                width={after.widthPx}
                height={after.heightPx}
                alt="After: the same shot cropped around the head and resized to the square US passport size"
                fetchPriority="high"
                className="h-auto w-full rounded-xl border border-slate-200 shadow-sm"
              />
              <p className="mt-2 text-sm font-semibold text-slate-900">After: {EXAMPLE_FIGURES.documentType}</p>
              <p className="text-sm text-slate-700">
                {after.widthPx} × {after.heightPx} px · {kb(after.bytes)} · head {after.headPercent} %
              </p>
            </div>
          </div>
          <figcaption className="mt-4 text-sm text-slate-600">
            An illustration of what the fit does: the crop and the resize only. Nothing in the picture is painted over
            or changed.
          </figcaption>
        </figure>
      </div>
    </section>
  );
}

/** The closing band of /photos with the call to action again. */
export function PhotosClosingCta({ cta }: { cta: ReactNode }) {
  return (
    <section aria-labelledby="photos-cta-title" className="on-dark bg-brand-800">
      <div className="page-x flex flex-col items-start gap-6 py-14 lg:flex-row lg:items-center lg:justify-between">
        <div>
          <h2 id="photos-cta-title" className="text-3xl font-bold tracking-tight text-white">
            Ready when your photo is
          </h2>
          <p className="mt-3 max-w-xl text-lg text-brand-100">
            Upload it, see every check and the fitted result, then choose a digital copy, prints or pickup. You pay at
            the end, with the total shown first.
          </p>
        </div>
        {cta}
      </div>
    </section>
  );
}
