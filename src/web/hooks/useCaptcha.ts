import { useCallback, useEffect, useState } from 'react';
import type { CaptchaResponse } from '../../shared/api';
import { fetchCaptcha } from '../providers/publicApi';

/** The image captcha of password sign-in: loads one on mount, refresh() fetches a new one. */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<CaptchaResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    fetchCaptcha().then(
      (next) => {
        if (!current) return;
        setCaptcha(next);
        setFailed(false);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [generation]);

  const refresh = useCallback(() => setGeneration((value) => value + 1), []);
  return { captcha, failed, refresh };
}
