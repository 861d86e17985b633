import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { TOAST_DEFAULT_MS } from '../../domain/limits/constants.ts';
import { toasterReady } from './toast.ts';

/** The sonner toaster (SPEC.md §8: top-center, 6 s). Its region is a polite live region. */
export default function ToasterView() {
  // Runs after <Toaster> subscribed (a child's effects run first); the short wait lets assistive
  // technology register the new live region before the first message lands in it.
  useEffect(() => {
    const timer = setTimeout(() => toasterReady(toast), 50);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Toaster
      position="top-center"
      duration={TOAST_DEFAULT_MS}
      richColors
      closeButton
      containerAriaLabel="Messages"
      toastOptions={{ className: 'text-[0.95rem]' }}
    />
  );
}
