import * as Dialog from '@radix-ui/react-dialog';
import { Link } from 'react-router';
import type { Banner } from '../../../domain/marketing/marketing.ts';
import { mediaUrl } from '../../../domain/marketing/media.ts';
import { Icon } from '../../components/ui/icon.tsx';

/** The promotional popup itself: the banner's image, an X, and a button when the banner links somewhere. */
export function BannerPopupDialog({
  banner,
  onClose,
  onCloseAutoFocus,
}: {
  banner: Banner;
  onClose: () => void;
  /** Where the focus goes once the popup has closed (Radix's default is the body). */
  onCloseAutoFocus: (event: Event) => void;
}) {
  const internal = banner.link?.startsWith('/') ?? false;
  const label = banner.buttonText?.trim() || 'Learn more';
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="popup-overlay fixed inset-0 z-[70] bg-slate-950/60" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          className="popup-content fixed top-1/2 left-1/2 z-[71] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-2xl bg-white shadow-2xl outline-none"
        >
          <Dialog.Title className="sr-only">Special offer</Dialog.Title>
          <img
            src={mediaUrl(banner.bannerImage)}
            alt={banner.altText}
            width={640}
            height={400}
            className="block aspect-[16/10] h-auto w-full bg-brand-50"
          />
          {banner.link ? (
            <div className="flex justify-center p-5">
              {internal ? (
                <Link to={banner.link} onClick={onClose} className="btn-primary w-full sm:w-auto">
                  {label}
                  <Icon name="arrow-right" />
                </Link>
              ) : (
                <a
                  href={banner.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={onClose}
                  className="btn-primary w-full sm:w-auto"
                >
                  {label}
                  <Icon name="arrow-up-right" />
                </a>
              )}
            </div>
          ) : null}
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow-md hover:bg-white"
          >
            <Icon name="x" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
