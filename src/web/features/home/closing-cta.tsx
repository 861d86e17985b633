import { telHref } from '../../../domain/config/navigation.ts';
import { Icon } from '../../components/ui/icon.tsx';

export function ClosingCta({ tollFreeNumber }: { tollFreeNumber: string }) {
  return (
    <section aria-labelledby="cta-title" className="on-dark bg-brand-800">
      <div className="page-x flex flex-col items-start gap-6 py-14 lg:flex-row lg:items-center lg:justify-between">
        <div>
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white">
            Ready to start your application?
          </h2>
          <p className="mt-3 text-lg text-brand-100">
            Choose a service and see your full price in under a minute. Questions first? Call{' '}
            <a href={telHref(tollFreeNumber)} className="font-semibold text-white underline underline-offset-4">
              {tollFreeNumber}
            </a>
            .
          </p>
        </div>
        <a href="#services" className="btn-primary bg-white text-brand-800 hover:bg-brand-50">
          Choose a service
          <Icon name="arrow-right" />
        </a>
      </div>
    </section>
  );
}
