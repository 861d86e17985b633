import { Link } from 'react-router';
import { COMPANY_CLAIMS } from '../../../domain/config/site.ts';
import type { AboutContent, TeamMember } from '../../../domain/content/schemas.ts';
import { isContentBlockIcon } from '../../../domain/content/value-icons.ts';
import { mediaUrl } from '../../../domain/marketing/media.ts';
import { Icon } from '../../components/ui/icon.tsx';
import type { IconName } from '../../components/ui/icon-names.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';

/** `satisfies` fails the type check if a block icon is missing from the sprite (icon-names.ts). */
const valueIcon = (name: string | null): IconName =>
  isContentBlockIcon(name) ? (name satisfies IconName) : 'badge-check';

const VALUE_TILES = [
  'bg-rose-100 text-rose-700',
  'bg-brand-100 text-brand-700',
  'bg-green-100 text-green-800',
  'bg-amber-100 text-amber-800',
];

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return `${parts[0]?.[0] ?? ''}${parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : ''}`.toUpperCase();
}

/** A portrait, or the member's initials when there is none (never both: axe must see what it measures). */
function Portrait({ member }: { member: TeamMember }) {
  return (
    <div className="relative size-20 shrink-0 overflow-hidden rounded-full bg-brand-700 ring-4 ring-brand-50">
      {member.image ? (
        <img
          src={mediaUrl(member.image)}
          alt=""
          width={80}
          height={80}
          loading="lazy"
          className="size-full object-cover"
        />
      ) : (
        <span aria-hidden="true" className="flex size-full items-center justify-center text-2xl font-bold text-white">
          {initials(member.name)}
        </span>
      )}
    </div>
  );
}

function teamRole(jobDescription: string): { role: string; bio: string } {
  const [role, ...rest] = jobDescription.split('. ');
  return rest.length > 0 ? { role: role ?? '', bio: rest.join('. ') } : { role: '', bio: jobDescription };
}

/** SPEC.md §2 About: Our Story, Our Team, Our Vision and What Defines Us. */
export function AboutPage({ about }: { about: AboutContent }) {
  const story = about.story[0];
  const vision = about.vision[0];
  return (
    <>
      <PageHeader
        eyebrow="About SevaDocs"
        title="Consular paperwork, done with care"
        lead={`Since ${COMPANY_CLAIMS.foundedYear} we have helped Indian families in the USA and Canada through OCI cards, passports, renunciations and visas — ${COMPANY_CLAIMS.applicationsHandled} applications and counting.`}
      />

      {story ? (
        <section aria-labelledby="story-title" className="bg-white">
          <div className="page-x grid items-center gap-10 py-16 desk:grid-cols-2 desk:py-20">
            <div>
              <p className="eyebrow">Where we come from</p>
              <h2 id="story-title" className="section-title">
                {story.title}
              </h2>
              <div className="mt-5 grid gap-4 text-lg leading-relaxed text-slate-700">
                {paragraphs(story.description).map((p) => (
                  <p key={p.slice(0, 40)}>{p}</p>
                ))}
              </div>
            </div>
            {story.image ? (
              <img
                src={mediaUrl(story.image)}
                alt="A family’s passports and OCI cards on a kitchen table, with a laptop open on the application"
                width={560}
                height={420}
                loading="lazy"
                className="h-auto w-full rounded-3xl"
              />
            ) : null}
          </div>
          <div className="page-x pb-16">
            <dl className="grid grid-cols-2 gap-4 rounded-3xl bg-brand-800 p-6 text-white sm:p-8 desk:grid-cols-4">
              {[
                [COMPANY_CLAIMS.applicationsHandled, 'applications handled'],
                [COMPANY_CLAIMS.approvalRate, 'approval rate'],
                [`${COMPANY_CLAIMS.rating} ★`, 'average customer rating'],
                [COMPANY_CLAIMS.onTimeDelivery, 'on-time delivery'],
              ].map(([value, label]) => (
                <div key={label} className="flex flex-col-reverse">
                  <dt className="text-sm text-brand-100">{label}</dt>
                  <dd className="text-3xl font-extrabold tracking-tight">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>
      ) : null}

      {about.team.length > 0 ? (
        <section aria-labelledby="team-title" className="bg-slate-50">
          <div className="page-x py-16 desk:py-20">
            <p className="eyebrow">The people behind your file</p>
            <h2 id="team-title" className="section-title">
              Our Team
            </h2>
            <p className="section-lead max-w-2xl">
              Consular specialists, photo editors and engineers who have filed, fixed and tracked thousands of
              applications between them.
            </p>
            <ul className="mt-10 grid gap-5 sm:grid-cols-2 desk:grid-cols-3">
              {about.team.map((member) => {
                const { role, bio } = teamRole(member.jobDescription);
                return (
                  <li key={member.id} className="card flex flex-col">
                    <div className="flex items-center gap-4">
                      <Portrait member={member} />
                      <div>
                        <h3 className="text-lg font-bold text-slate-900">{member.name}</h3>
                        {role ? <p className="text-sm font-semibold text-brand-700">{role}</p> : null}
                      </div>
                    </div>
                    <p className="card-body mt-4">{bio}</p>
                  </li>
                );
              })}
            </ul>
          </div>
        </section>
      ) : null}

      {vision ? (
        <section aria-labelledby="vision-title" className="on-dark overflow-hidden bg-brand-900 text-white">
          <div className="page-x grid items-center gap-10 py-16 desk:grid-cols-[1.3fr_1fr] desk:py-20">
            <div>
              <p className="text-sm font-semibold tracking-wide text-saffron-400 uppercase">Where we are going</p>
              <h2 id="vision-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
                {vision.title}
              </h2>
              <p className="mt-5 text-xl leading-relaxed text-brand-100">{vision.description}</p>
            </div>
            {vision.image ? (
              <img
                src={mediaUrl(vision.image)}
                alt=""
                width={480}
                height={360}
                loading="lazy"
                className="mx-auto h-auto w-full max-w-md"
              />
            ) : null}
          </div>
        </section>
      ) : null}

      {about.values.length > 0 ? (
        <section aria-labelledby="values-title" className="bg-white">
          <div className="page-x py-16 desk:py-20">
            <p className="eyebrow">Our values</p>
            <h2 id="values-title" className="section-title">
              What Defines Us
            </h2>
            <ul className="mt-10 grid gap-5 sm:grid-cols-2 desk:grid-cols-4">
              {about.values.map((value, i) => (
                <li key={value.id} className="card">
                  <span className={`icon-tile ${VALUE_TILES[i % VALUE_TILES.length]}`}>
                    <Icon name={valueIcon(value.icon)} className="size-6" />
                  </span>
                  <h3 className="card-title">{value.title}</h3>
                  <p className="card-body">{value.description}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="about-cta" className="bg-slate-50">
        <div className="page-x flex flex-col items-start gap-6 py-14 desk:flex-row desk:items-center desk:justify-between">
          <div>
            <h2 id="about-cta" className="text-2xl font-bold text-slate-900">
              Have a question before you start?
            </h2>
            <p className="mt-2 text-slate-700">Our specialists will tell you what you need — and what you do not.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to="/contact" className="btn-primary">
              Contact us <Icon name="arrow-right" />
            </Link>
            <Link to="/sevadocs-service-faqs" className="btn-outline">
              Read the FAQ
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
