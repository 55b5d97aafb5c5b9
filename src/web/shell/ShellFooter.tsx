import { Layout } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VARIANT } from '../variant';
import { useVariantText } from '../variant/useVariantText';
import { consolePath } from '../../shared/consolePaths';

/** Operator and registration notices, the promotional banner link and the partner links page, from the variant file (SPEC §1). */
export const ShellFooter = memo(function ShellFooter() {
  const text = useVariantText();
  const { t } = useTranslation('shell');
  const { operatorNotice, registrationNotice, banner } = VARIANT.footer;
  const external = /^https?:\/\//.test(banner.href);
  return (
    <Layout.Footer className="shell-footer">
      <div className="shell-footer__banner">
        {external ? (
          <a href={banner.href} target="_blank" rel="noopener noreferrer">
            {text(banner.text)}
          </a>
        ) : (
          <Link to={banner.href}>{text(banner.text)}</Link>
        )}
      </div>
      <div>{text(operatorNotice)}</div>
      <div>{text(registrationNotice)}</div>
      {VARIANT.friendLinks.length > 0 && (
        <div>
          <Link to={consolePath('friendLinks')}>{t('footer.friendLinks')}</Link>
        </div>
      )}
    </Layout.Footer>
  );
});
