import { useState } from 'react';
import { AUTH_MESSAGES } from '../../../domain/auth/messages.ts';
import { showToast, toastError } from '../../lib/toast.ts';
import { resendVerification } from './api.ts';
import { useReturnHere } from './return-here.ts';

/**
 * Resend Mail (SPEC.md §8): sends the verification e-mail to `email` again and toasts the outcome,
 * 'Verification email sent successfully!' or 'Failed to send verification email. Please try
 * again.'. `resending` is true meanwhile. The server answers alike for any address. The new link
 * brings the customer back to this page, like the sign-up's.
 */
export function useResendMail() {
  const [resending, setResending] = useState(false);
  const returnHere = useReturnHere();
  async function resend(email: string) {
    setResending(true);
    try {
      await resendVerification(email, await returnHere());
      showToast(AUTH_MESSAGES.resendSuccess);
    } catch {
      toastError(AUTH_MESSAGES.resendFailure);
    } finally {
      setResending(false);
    }
  }
  return { resending, resend };
}
