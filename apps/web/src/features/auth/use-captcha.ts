import { useRef, useState } from 'react';
import type { CaptchaHandle } from './components/captcha-widget';

/** A form's CAPTCHA: the props of its widget, the token once solved, and a reset after a failed try. */
export function useCaptcha() {
  const ref = useRef<CaptchaHandle>(null);
  const [token, setToken] = useState<string | null>(null);
  return { token, reset: () => ref.current?.reset(), widget: { ref, onToken: setToken } };
}
