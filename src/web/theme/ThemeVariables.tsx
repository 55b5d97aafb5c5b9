import { theme } from 'antd';
import { useLayoutEffect } from 'react';

/**
 * antd's tokens of the current theme as CSS custom properties on <html>, for the console's own
 * CSS (plain links, the wallet's labels, the form's groups): one source of colour for antd's
 * components and ours, in either theme. Rendered once, by the shell's theme; outside the shell the
 * CSS falls back to the light theme's values.
 */
export function ThemeVariables() {
  const { token } = theme.useToken();
  useLayoutEffect(() => {
    const vars: Record<string, string> = {
      '--lsf-color-text': token.colorText,
      '--lsf-color-text-secondary': token.colorTextSecondary,
      '--lsf-color-text-muted': token.colorTextDescription,
      '--lsf-color-link': token.colorLink,
      '--lsf-color-link-hover': token.colorLinkHover,
      '--lsf-color-link-active': token.colorLinkActive,
      '--lsf-color-border': token.colorBorder,
    };
    const style = document.documentElement.style;
    for (const [name, value] of Object.entries(vars)) style.setProperty(name, value);
    return () => {
      for (const name of Object.keys(vars)) style.removeProperty(name);
    };
  }, [token]);
  return null;
}
