import type { ReactNode } from 'react';

interface Props {
  title?: ReactNode;
  /** Shown at the header's right end (a back link, for instance). */
  extra?: ReactNode;
  /** Documents get a wider card than forms. */
  wide?: boolean;
  children: ReactNode;
}

/** The white card the auth pages sit in; plain markup, as antd's Card would add to the login download. */
export function AuthCard({ title, extra, wide = false, children }: Props) {
  return (
    <section className={wide ? 'auth-card auth-card--wide' : 'auth-card'}>
      {(title || extra) && (
        <header className="auth-card__header">
          {title && <h1 className="auth-card__title">{title}</h1>}
          {extra}
        </header>
      )}
      {children}
    </section>
  );
}
