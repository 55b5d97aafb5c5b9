import { Badge, Card, Empty, Spin } from 'antd';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONSOLE_ROUTES } from '../../refine/resources';
import { OPS_QUEUE_KEYS, useOpsPending } from '../../refine/useOpsPending';
import { MENU_ICONS } from '../../shell/menuIcons';

const QUEUES = CONSOLE_ROUTES.filter((route) => OPS_QUEUE_KEYS.has(route.key));

/** On platform operations' home: each queue with how much waits in it, linked to the queue (which opens on what is pending). */
export function OpsPendingCard() {
  const { t } = useTranslation(['home', 'menu']);
  const { counts, total, loading } = useOpsPending();
  return (
    <Card title={t('home:ops.title')} data-testid="ops-pending">
      {loading ? (
        <Spin />
      ) : total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home:ops.empty')} />
      ) : (
        <nav aria-label={t('home:ops.title')} className="home-links">
          {QUEUES.filter((route) => counts[route.key]).map((route) => (
            <Link key={route.key} to={route.path} className="home-links__item">
              {MENU_ICONS[route.icon] && createElement(MENU_ICONS[route.icon])}
              <span>{t(`menu:${route.titleKey}`)}</span>
              <Badge count={counts[route.key]} overflowCount={999} title={t('home:ops.count', { count: counts[route.key] })} />
            </Link>
          ))}
        </nav>
      )}
    </Card>
  );
}
