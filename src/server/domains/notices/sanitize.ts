// Notice HTML comes from ops users and is shown to everyone: only formatting survives.
import type sanitizeHtml from 'sanitize-html';

// Loaded with the first notice written, not at start (it brings an HTML parser and PostCSS).
let loaded: Promise<typeof sanitizeHtml> | undefined;

const options = (lib: typeof sanitizeHtml): sanitizeHtml.IOptions => ({
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'a', 'span', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'target', 'rel'], span: ['style'] },
  allowedStyles: { span: { color: [/^#[0-9a-f]{3,6}$/i], 'font-weight': [/^(bold|normal|\d00)$/] } },
  allowedSchemes: ['https', 'http', 'mailto'],
  transformTags: { a: lib.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
});

export async function sanitizeNoticeHtml(html: string): Promise<string> {
  loaded ??= import('sanitize-html').then((m) => m.default);
  const lib = await loaded;
  return lib(html, options(lib)).trim();
}
