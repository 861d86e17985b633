import { CAPTCHA_ACTIONS } from '../../../domain/auth/requests.ts';
import { ApiError } from '../../lib/api-client.ts';
import { checkHuman } from './api.ts';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

let script: Promise<Grecaptcha> | undefined;

function loadScript(siteKey: string): Promise<Grecaptcha> {
  script ??= new Promise<Grecaptcha>((resolve, reject) => {
    const element = document.createElement('script');
    element.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    element.async = true;
    element.onload = () => {
      const grecaptcha = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new Error('reCAPTCHA did not start'));
    };
    element.onerror = () => reject(new Error('reCAPTCHA script failed to load'));
    document.head.append(element);
  }).catch((error) => {
    script = undefined;
    throw error;
  });
  return script;
}

/**
 * The browser's captcha token. With no site key (captcha off) it is empty and no script loads;
 * an unavailable captcha is logged only (SPEC.md §8) and also gives an empty token, which the
 * server then judges.
 */
export async function captchaToken(siteKey: string): Promise<string> {
  if (!siteKey) return '';
  try {
    const grecaptcha = await loadScript(siteKey);
    return await grecaptcha.execute(siteKey, { action: CAPTCHA_ACTIONS.signUp });
  } catch (error) {
    console.warn('The human check is unavailable', error);
    return '';
  }
}

/**
 * SPEC.md §4: the human check runs before anything else on sign-up. True when the server
 * accepts the token; false when it judges the visitor a bot. Throws when no verdict came.
 */
export async function isHuman(siteKey: string): Promise<boolean> {
  const token = await captchaToken(siteKey);
  try {
    const envelope = await checkHuman(token);
    return envelope.data?.success === true;
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) return false;
    throw error;
  }
}
