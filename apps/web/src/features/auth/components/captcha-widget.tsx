import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { MSG } from '@lbs/domain/messages';
import { API_BASE_URL } from '../../../lib/config';
import { loadAuthConfig } from '../api';

export interface CaptchaHandle {
  /** A CAPTCHA answer is accepted once: call after every submit so the next one gets a fresh answer. */
  reset(): void;
}

interface GreCaptcha {
  render(el: HTMLElement, opts: { sitekey: string; callback: (t: string) => void; 'expired-callback': () => void; 'error-callback': () => void }): number;
  reset(id?: number): void;
}
declare global {
  interface Window {
    grecaptcha?: GreCaptcha;
    __lbsRecaptchaReady?: () => void;
  }
}

let recaptchaScript: Promise<GreCaptcha> | undefined;
function loadRecaptcha(): Promise<GreCaptcha> {
  recaptchaScript ??= new Promise<GreCaptcha>((resolve, reject) => {
    window.__lbsRecaptchaReady = () => resolve(window.grecaptcha!);
    const s = document.createElement('script');
    s.src = 'https://www.google.com/recaptcha/api.js?onload=__lbsRecaptchaReady&render=explicit';
    s.async = true;
    s.onerror = () => {
      recaptchaScript = undefined;
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.appendChild(s);
  });
  return recaptchaScript;
}

type AltchaElement = HTMLElement & { reset(): void };

/**
 * The CAPTCHA of the auth screens: the self-hosted ALTCHA widget (loaded only here), or Google
 * reCAPTCHA when the server says so. Reports the answer, or null when there is none.
 */
export function CaptchaWidget({ onToken, ref }: { onToken: (token: string | null) => void; ref?: Ref<CaptchaHandle> }) {
  const box = useRef<HTMLDivElement>(null);
  const resetRef = useRef<() => void>(() => undefined);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  }, [onToken]);
  const [failed, setFailed] = useState(false);

  useImperativeHandle(ref, () => ({
    reset: () => {
      onTokenRef.current(null);
      resetRef.current();
    },
  }));

  useEffect(() => {
    let cancelled = false;
    const host = box.current!;
    const report = (t: string | null) => onTokenRef.current(t);
    (async () => {
      const config = await loadAuthConfig();
      if (cancelled) return;
      if (config.captcha === 'recaptcha' && config.recaptcha_site_key) {
        const grecaptcha = await loadRecaptcha();
        if (cancelled) return;
        const slot = document.createElement('div');
        host.replaceChildren(slot);
        const id = grecaptcha.render(slot, {
          sitekey: config.recaptcha_site_key,
          callback: (t) => report(t),
          'expired-callback': () => report(null),
          'error-callback': () => report(null),
        });
        resetRef.current = () => grecaptcha.reset(id);
        return;
      }
      await import('altcha');
      if (cancelled) return;
      const el = document.createElement('altcha-widget') as AltchaElement;
      el.setAttribute('challengeurl', `${API_BASE_URL}/captcha/challenge`);
      el.setAttribute('hidefooter', '');
      // The logo is a link the widget marks aria-hidden yet leaves focusable (axe: aria-hidden-focus).
      el.setAttribute('hidelogo', '');
      el.style.setProperty('--altcha-max-width', '100%');
      el.style.setProperty('--altcha-border-radius', '0.5rem');
      el.style.setProperty('--altcha-color-border', '#cbd5e1');
      el.style.setProperty('--altcha-color-border-focus', '#4f46e5');
      el.addEventListener('statechange', (ev) => {
        const { state, payload } = (ev as CustomEvent<{ state: string; payload?: string }>).detail;
        report(state === 'verified' && payload ? payload : null);
      });
      host.replaceChildren(el);
      resetRef.current = () => el.reset();
    })().catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      host.replaceChildren();
      resetRef.current = () => undefined;
    };
  }, []);

  return (
    <div role="group" aria-label="CAPTCHA">
      <div ref={box} className="min-h-[66px]" />
      {failed ? (
        <p role="alert" className="mt-1.5 text-sm text-red-600">
          {MSG.captchaLoadFailed}
        </p>
      ) : null}
    </div>
  );
}
