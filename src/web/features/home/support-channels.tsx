import { telHref, whatsappHref } from '../../../domain/config/navigation.ts';
import { COMPANY_CLAIMS, SOCIAL_LINKS } from '../../../domain/config/site.ts';
import { Icon } from '../../components/ui/icon.tsx';
import type { IconName } from '../../components/ui/icon-names.ts';

export interface SupportContact {
  tollFreeNumber: string;
  whatsappNumber: string;
  supportEmail: string;
}

export function SupportChannels({ contact }: { contact: SupportContact }) {
  const channels: [IconName, string, string, string, string][] = [
    [
      'phone',
      'Call toll-free',
      'Speak with a specialist about your documents, timelines or an application in progress.',
      contact.tollFreeNumber,
      telHref(contact.tollFreeNumber),
    ],
    [
      'message-circle',
      'Chat on WhatsApp',
      'Send a quick question or a photo of a document and get an answer from our team.',
      'Start a chat',
      whatsappHref(contact.whatsappNumber),
    ],
    [
      'mail',
      'E-mail us',
      'For detailed questions and paperwork. Every message is answered by a person, not a bot.',
      contact.supportEmail,
      `mailto:${contact.supportEmail}`,
    ],
    [
      'users-round',
      'Join the community',
      `Swap tips with ${COMPANY_CLAIMS.communityMembers} members in our private group and hear about rule changes first.`,
      'Join the group',
      SOCIAL_LINKS.find((link) => link.id === 'facebook-group')?.url ?? '',
    ],
  ];

  return (
    <section aria-labelledby="support-title" className="bg-slate-50">
      <div className="page-x py-16 desk:py-20">
        <p className="eyebrow">Real people, real help</p>
        <h2 id="support-title" className="section-title">
          Talk to us the way you prefer
        </h2>
        <p className="section-lead max-w-2xl">
          Our support team knows the consulate and outsourcer rules for the USA and Canada inside out.
        </p>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 desk:grid-cols-4">
          {channels.map(([icon, title, body, action, href]) => (
            <li key={icon} className="card flex flex-col">
              <div className="flex items-center gap-4">
                <span className="icon-tile shrink-0 bg-brand-600 text-white">
                  <Icon name={icon} className="size-6" />
                </span>
                <h3 className="text-lg leading-snug font-bold text-slate-900">{title}</h3>
              </div>
              <p className="card-body mt-4 flex-1">{body}</p>
              <a
                href={href}
                {...(href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                className="mt-5 text-sm font-semibold break-words text-brand-700 underline-offset-4 hover:underline"
              >
                {action}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
