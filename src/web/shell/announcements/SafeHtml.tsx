import { useEffect, useState } from 'react';

// DOMPurify is fetched when HTML is first shown: most starts show no notice, and the console's
// first download stays smaller (issue 3 bundle goal).
type Sanitize = (html: string) => string;
let loading: Promise<Sanitize> | null = null;
const loadSanitizer = (): Promise<Sanitize> =>
  (loading ??= import('dompurify').then(({ default: purify }) => (html: string) => purify.sanitize(html, { USE_PROFILES: { html: true } })));

/** Notice HTML, sanitized with DOMPurify although the server sanitizes on write (defence in depth). */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const [sanitize, setSanitize] = useState<Sanitize | null>(null);
  useEffect(() => {
    let active = true;
    void loadSanitizer().then((fn) => active && setSanitize(() => fn));
    return () => {
      active = false;
    };
  }, []);
  // Nothing unsanitized is ever put into the page: until DOMPurify is here, the block stays empty.
  return <div className={className} aria-busy={sanitize === null} dangerouslySetInnerHTML={{ __html: sanitize ? sanitize(html) : '' }} />;
}
