import { telHref } from '../../../domain/config/navigation.ts';
import type { ContactInfo } from '../../../domain/contact/schema.ts';
import { Icon } from '../../components/ui/icon.tsx';

/** The other ways to reach us, beside the contact form. */
export function ContactDetails({ info }: { info: ContactInfo }) {
  return (
    <div className="grid content-start gap-5">
      <section aria-labelledby="reach-title" className="card">
        <h2 id="reach-title" className="text-xl font-bold text-slate-900">
          Talk to a specialist
        </h2>
        <ul className="mt-5 grid gap-5">
          <li className="flex gap-4">
            <span className="icon-tile size-11 shrink-0 bg-brand-600 text-white">
              <Icon name="phone" />
            </span>
            <div>
              <p className="text-sm text-slate-600">Toll-free (USA and Canada)</p>
              <a href={telHref(info.tollFreeNumber)} className="text-lg font-bold text-slate-900 hover:text-brand-700">
                {info.tollFreeNumber}
              </a>
            </div>
          </li>
          <li className="flex gap-4">
            <span className="icon-tile size-11 shrink-0 bg-green-700 text-white">
              <Icon name="message-circle" />
            </span>
            <div>
              <p className="text-sm text-slate-600">WhatsApp chat</p>
              <a
                href={info.whatsappUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="text-lg font-bold text-slate-900 hover:text-brand-700"
              >
                Message us on WhatsApp
              </a>
            </div>
          </li>
          <li className="flex gap-4">
            <span className="icon-tile size-11 shrink-0 bg-saffron-500 text-slate-950">
              <Icon name="mail" />
            </span>
            <div className="min-w-0">
              <p className="text-sm text-slate-600">E-mail</p>
              <a
                href={`mailto:${info.supportEmail}`}
                className="text-lg font-bold text-slate-900 [overflow-wrap:anywhere] hover:text-brand-700"
              >
                {info.supportEmail}
              </a>
            </div>
          </li>
        </ul>
      </section>
      <section aria-labelledby="hours-title" className="card">
        <h2 id="hours-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <Icon name="clock" className="size-5 text-brand-600" /> Support hours
        </h2>
        <dl className="mt-4 grid gap-2 text-[0.95rem]">
          {info.hours.map((h) => (
            <div key={h.days} className="flex justify-between gap-4 border-b border-slate-100 pb-2 last:border-0">
              <dt className="text-slate-700">{h.days}</dt>
              <dd className="text-right font-semibold text-slate-900">{h.time}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-sm text-slate-600">{info.responseTime}</p>
      </section>
      <section aria-labelledby="office-title" className="card">
        <h2 id="office-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <Icon name="map-pin" className="size-5 text-brand-600" /> Mailing address
        </h2>
        <p className="mt-3 text-slate-700">{info.mailingAddress}</p>
        <p className="mt-2 text-sm text-slate-600">
          By appointment only. Please do not post original documents before a specialist asks you to.
        </p>
      </section>
    </div>
  );
}
