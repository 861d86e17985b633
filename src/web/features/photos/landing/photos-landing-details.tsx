import { COMPLIANCE_RULES, PHOTO_RULE_LABELS } from '../../../../domain/photos/compliance.ts';
import { PHOTO_PROMISE } from '../../../../domain/photos/promise.ts';
import { PHOTO_SIZE_IDS, PHOTO_SIZES } from '../../../../domain/photos/sizes.ts';
import { NumberedSteps } from '../../../components/numbered-steps.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { HOW_IT_WORKS, RULE_MEANINGS } from './content.ts';
import type { PhotoPlanPrice } from './plans.ts';

export interface PhotosLandingDetailsProps {
  plans: PhotoPlanPrice[];
}

const kb = (bytes: number) => `${Math.round(bytes / 1000)} KB`;

/** The static body of /photos (a static island: no page JavaScript on first load). */
export function PhotosLandingDetails({ plans }: PhotosLandingDetailsProps) {
  return (
    <>
      <HowItWorks />
      <Sizes />
      <Checks />
      <Prices plans={plans} />
    </>
  );
}

function HowItWorks() {
  return (
    <NumberedSteps
      id="photos-how-title"
      title="From a phone photo to the exact size, in four steps"
      steps={HOW_IT_WORKS}
      grid="lg:grid-cols-4"
      padding="py-14 desk:py-16"
    />
  );
}

function Sizes() {
  return (
    <section aria-labelledby="photos-sizes-title" className="bg-slate-50">
      <div className="page-x py-14 desk:py-16">
        <p className="eyebrow">Sizes we make</p>
        <h2 id="photos-sizes-title" className="section-title">
          Each one to the pixel, under the portal’s file limit
        </h2>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {PHOTO_SIZE_IDS.map((id) => {
            const size = PHOTO_SIZES[id];
            return (
              <li key={id} className="card flex flex-col">
                <h3 className="text-lg font-bold text-slate-900">{size.label}</h3>
                <p className="mt-1 text-sm font-semibold text-brand-800">JPEG, up to {kb(size.maxBytes)}</p>
                <p className="card-body">{size.note}</p>
                {size.backgroundChangeAllowed ? (
                  <p className="mt-3 text-sm text-slate-700">
                    Background Change available: the rules ask for a plain light background, so we may even it out.
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
        <div className="mt-8 flex max-w-3xl gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-[0.95rem] text-slate-800">
          <Icon name="info" className="mt-0.5 size-5 text-amber-700" />
          <p>
            <strong>We don’t make Canadian passport photos.</strong> Canada requires them to be taken by a commercial
            photographer, with the studio’s name and address and the date on the back, and online renewal needs the
            photographer’s original file. Canada visa and PR photos we do make.
          </p>
        </div>
      </div>
    </section>
  );
}

function Checks() {
  return (
    <section aria-labelledby="photos-checks-title">
      <div className="page-x grid gap-10 py-14 desk:py-16 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="eyebrow">What we check</p>
          <h2 id="photos-checks-title" className="section-title">
            Every check shown, with what we measured
          </h2>
          <ul className="mt-8 space-y-4">
            {COMPLIANCE_RULES.map((rule) => (
              <li key={rule} className="flex gap-3">
                <Icon name="circle-check" className="mt-0.5 size-5 text-green-700" />
                <p className="text-[0.95rem] leading-relaxed text-slate-700">
                  <strong className="text-slate-900">{PHOTO_RULE_LABELS[rule]}.</strong> {RULE_MEANINGS[rule]}
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-[0.95rem] leading-relaxed text-slate-700">
            We don’t check your expression, your eyes or glasses. Most portals ask for a neutral expression, both eyes
            open and no glasses: look at your photo for these before you upload it.
          </p>
        </div>
        <aside aria-labelledby="photos-no-retouch-title" className="card self-start bg-brand-50/60">
          {/* The heading wraps to several lines: the icon keeps its size (a flex item may shrink to a
              dot) and sits beside the first line. */}
          <h3 id="photos-no-retouch-title" className="flex items-start gap-2 text-lg font-bold text-slate-900">
            <Icon name="shield-check" className="mt-1 size-5 text-green-700" />
            {PHOTO_PROMISE.SEVAPHOTOS}
          </h3>
          <p className="card-body">
            The US, India and Canada refuse photos that have been altered. Converting means an iPhone’s HEIC becomes a
            JPEG in sRGB, recompressed under the portal’s size limit. We don’t smooth skin, reshape a face or change
            eyes.
          </p>
          <p className="card-body">
            Background Change is offered only for sizes whose rules ask for a plain light background, and the order says
            so before you choose it.
          </p>
        </aside>
      </div>
    </section>
  );
}

function Prices({ plans }: { plans: PhotoPlanPrice[] }) {
  return (
    <section aria-labelledby="photos-prices-title" className="bg-slate-50">
      <div className="page-x py-14 desk:py-16">
        <p className="eyebrow">Prices</p>
        <h2 id="photos-prices-title" className="section-title">
          One price per plan, shown before you pay
        </h2>
        {plans.length > 0 ? (
          <div className="mt-8 max-w-3xl overflow-hidden rounded-2xl border border-slate-200 bg-white">
            <table className="w-full text-left text-[0.95rem]">
              <caption className="sr-only">Photo plans and their prices</caption>
              <thead className="bg-slate-100 text-sm text-slate-700">
                <tr>
                  <th scope="col" className="px-5 py-3 font-semibold">
                    Plan
                  </th>
                  <th scope="col" className="hidden px-5 py-3 font-semibold sm:table-cell">
                    When
                  </th>
                  <th scope="col" className="px-5 py-3 text-right font-semibold">
                    Price
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {plans.map((plan) => (
                  <tr key={plan.name}>
                    <th scope="row" className="px-5 py-4 align-top font-semibold text-slate-900">
                      {plan.name}
                      <span className="mt-1 block text-sm font-normal text-slate-700 sm:hidden">
                        {plan.processingTime}
                      </span>
                    </th>
                    <td className="hidden px-5 py-4 align-top text-slate-700 sm:table-cell">{plan.processingTime}</td>
                    <td className="px-5 py-4 text-right align-top font-bold whitespace-nowrap text-slate-900">
                      from {plan.price}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="section-lead">Prices are shown when you start your photo order, before you pay.</p>
        )}
        <p className="mt-4 max-w-3xl text-sm text-slate-700">
          The total for every photo in your order, with delivery and any coupon, is shown on the last step before you
          pay.
        </p>
      </div>
    </section>
  );
}
