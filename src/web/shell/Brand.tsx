import { Link } from 'react-router';
import { HOME_PATH } from '../../shared/menu';
import { VARIANT } from '../variant';
import { useVariantText } from '../variant/useVariantText';

/** The variant's logo (image or text mark) and product title, linking home; collapsed, the title is its accessible name. */
export function Brand({ collapsed = false }: { collapsed?: boolean }) {
  const text = useVariantText();
  const title = text(VARIANT.productTitle);
  return (
    <Link to={HOME_PATH} className={`shell-brand${collapsed ? ' shell-brand--collapsed' : ''}`} aria-label={collapsed ? title : undefined}>
      {VARIANT.logo.src ? (
        <img src={VARIANT.logo.src} alt="" className="shell-brand__logo" />
      ) : (
        <span className="shell-brand__mark" aria-hidden>
          {text(VARIANT.logo.text).slice(0, 1)}
        </span>
      )}
      {!collapsed && <span className="shell-brand__title">{title}</span>}
    </Link>
  );
}
