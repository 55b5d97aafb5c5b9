import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Notice HTML, sanitized with DOMPurify although the server sanitizes on write (defence in depth). */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
