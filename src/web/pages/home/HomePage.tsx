import { Button, Card, Col, Empty, Row, Space, Spin } from 'antd';
import dayjs from 'dayjs';
import { createElement, lazy, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { consolePath } from '../../../shared/consolePaths';
import { greetingKey } from '../../../shared/greeting';
import { menuPaths, resolveRoutes, type ResolvedRoute } from '../../../shared/menu';
import { createPath } from '../../refine/paths';
import { useCallerAbility } from '../../session/ability';
import { useCaller } from '../../session/useCaller';
import { MENU_ICONS } from '../../shell/menuIcons';
import { useUnread } from '../../shell/unread/UnreadContext';
import { VARIANT } from '../../variant';
import { useVariantText } from '../../variant/useVariantText';
import { HOME_ACTIONS, HOME_LINKS, type HomeAction, type HomeFlavour } from './homeLinks';
import { useTodos } from './useTodos';
import { OpsPendingCard } from './OpsPendingCard';
import { useOpsPending } from '../../refine/useOpsPending';
import { useOfferedAnswer, useVisibleMenu } from '../../refine/useAccess';
import { isInternalLink } from '../../navigation/redirects';
import { formatDateTime } from '../../resources/format';
import { chinaDay, chinaHour } from '../../../shared/chinaTime';

// The balances card (and the money helpers it formats with) loads only for a role that sees funds.
const RequestsWaitingCard = lazy(() => import('../requests/RequestsWaitingCard'));
const WalletCard = lazy(() => import('../funds/WalletCard').then((m) => ({ default: m.WalletCard })));
const FlowChart = lazy(() => import('../funds/FlowChart').then((m) => ({ default: m.FlowChart })));

const ROUTES = new Map(resolveRoutes(VARIANT).map((route) => [route.key, route]));
/** A resource route's create page (issue 4's <path>/create); other routes open as they are. */
const actionPath = (route: ResolvedRoute) => (route.render && 'resource' in route.render ? createPath(route.path) : route.path);

/**
 * A "new ..." action of the home page, where access control offers it (useOffered). Until the
 * answer is in, the button keeps its place unseen, so the cards below do not move when it shows.
 */
function HomeActionButton({ action, onOpen }: { action: HomeAction; onOpen: () => void }) {
  const { t } = useTranslation('home');
  const offered = useOfferedAnswer(action.route, action.action);
  if (offered === false) return null;
  const pending = offered === undefined;
  return (
    <Button type="primary" onClick={onOpen} disabled={pending} aria-hidden={pending || undefined} tabIndex={pending ? -1 : undefined} style={pending ? { visibility: 'hidden' } : undefined}>
      {t(action.labelKey)}
    </Button>
  );
}

/** /home of each variant (SPEC §2 "the home page differs per variant"; SPEC §9 greeting by hour). */
function HomePage({ flavour }: { flavour: HomeFlavour }) {
  const { t } = useTranslation(['home', 'menu', 'common']);
  const text = useVariantText();
  const navigate = useNavigate();
  const { profile, user } = useCaller();
  // Each panel is its own item of the page's Space, so these are asked of the caller's ability
  // (useCallerAbility) rather than wrapped in <Can>.
  const ability = useCallerAbility();
  // Platform operations' open work is what waits in their queues (issue 17), not account todos.
  const isOps = ability.can('query', 'ops');
  // The balances, for a role that may read the account's money (funds query, as GET /api/funds/wallet asks).
  const seesFunds = ability.can('query', 'funds');
  const { count: unread } = useUnread();
  const todos = useTodos();
  const opsPending = useOpsPending();
  const [now] = useState(() => new Date());

  // The quick links are the menu's own entries: those access control lets the caller open.
  const menu = useVisibleMenu();
  const links = useMemo(() => {
    const reachable = new Set(menuPaths(menu));
    return HOME_LINKS[flavour]
      .map((key) => ROUTES.get(key))
      .filter((route): route is ResolvedRoute => route !== undefined && reachable.has(route.path));
  }, [flavour, menu]);
  const actions = HOME_ACTIONS[flavour].filter((action) => ROUTES.has(action.route));

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <h3 className="home-greeting">
          {t('home:greeting', { greeting: t(`common:greeting.${greetingKey(chinaHour(now))}`), name: profile.name })}
        </h3>
        <p className="home-muted">
          {text(VARIANT.headerDescription)} · {dayjs(chinaDay(now)).format(t('home:dateFormat'))}
        </p>
        <p className="home-muted">{t('home:account', { phone: user.maskedPhone })}</p>
        {actions.length > 0 && (
          <div className="home-actions">
            <Space wrap>
              {actions.map((action) => (
                <HomeActionButton key={action.route} action={action} onOpen={() => navigate(actionPath(ROUTES.get(action.route)!))} />
              ))}
            </Space>
          </div>
        )}
      </Card>
      {seesFunds && (
        <div className="home-slot home-slot--wallet">
          <Suspense fallback={<Card loading />}>
            <WalletCard detailsLink />
          </Suspense>
        </div>
      )}
      {seesFunds && (
        <div className="home-slot home-slot--flows">
          <Suspense fallback={<Card loading />}>
            <FlowChart />
          </Suspense>
        </div>
      )}
      {isOps && <OpsPendingCard />}
      {flavour === 'homeJjsk' && seesFunds && (
        <Suspense fallback={<Card loading />}>
          <RequestsWaitingCard />
        </Suspense>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12}>
          <Card>
            <Figure title={t('home:todoCount')} value={todos.loading || opsPending.loading ? null : todos.count + opsPending.total} />
          </Card>
        </Col>
        <Col xs={24} sm={12}>
          <Card>
            <Link to={consolePath('message')} aria-label={t('home:unreadLink', { count: unread })} className="home-figure-link">
              <Figure title={t('home:unreadCount')} value={unread} />
            </Link>
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title={t('home:todoTitle')} extra={<Link to={consolePath('task')}>{t('home:allTodos')}</Link>}>
            {todos.loading ? (
              <Spin />
            ) : todos.todos.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home:noTodos')} />
            ) : (
              <ul className="home-todos">
                {todos.todos.map((todo) => (
                  <li key={todo.id}>
                    {isInternalLink(todo.link) ? <Link to={todo.link}>{todo.title}</Link> : <span>{todo.title}</span>}
                    <time className="home-muted" dateTime={todo.createdAt}>
                      {formatDateTime(todo.createdAt)}
                    </time>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('home:quickLinks')}>
            <nav aria-label={t('home:quickLinks')} className="home-links">
              {links.map((route) => (
                <Link key={route.key} to={route.path} className="home-links__item">
                  {MENU_ICONS[route.icon] && createElement(MENU_ICONS[route.icon])}
                  <span>{t(`menu:${route.titleKey}`)}</span>
                </Link>
              ))}
            </nav>
          </Card>
        </Col>
      </Row>
    </Space>
  );
}

/** A count with its caption (antd's Statistic without its extra weight on the first page). */
function Figure({ title, value }: { title: string; value: number | null }) {
  return (
    <div className="home-figure">
      <div className="home-muted">{title}</div>
      <div className="home-figure__value">{value ?? '–'}</div>
    </div>
  );
}

export const HomeMain = () => <HomePage flavour="homeMain" />;
export const HomeXhn = () => <HomePage flavour="homeXhn" />;
export const HomeSzdj = () => <HomePage flavour="homeSzdj" />;
export const HomeJjsk = () => <HomePage flavour="homeJjsk" />;
