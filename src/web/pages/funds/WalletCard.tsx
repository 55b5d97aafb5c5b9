import { CanAccess } from '@refinedev/core';
import { Button, Card, Col, Row, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { WalletView } from '../../../shared/api';
import { consolePath } from '../../../shared/consolePaths';
import { formatMoney } from '../../../shared/money';
import { createPath } from '../../refine/paths';
import { ErrorState } from '../../resources/states';
import { useResourceListPath } from '../../resources/useRuntimeResourceRoutes';
import { useWallet } from '../../system/funds';
import './funds.css';

/** The four figures of GET /api/funds/wallet, in the order a reader asks about them. */
const FIGURES: (keyof WalletView)[] = ['available', 'held', 'escrow', 'objectionDeposits'];

/**
 * The account's balances: available, held by withdrawals being processed, collateral in escrow,
 * objection deposits; with the ways to add money (declare a deposit) and take it out (withdraw),
 * each shown when the role may create those records. On home it links to the account details.
 */
export function WalletCard({ detailsLink = false }: { detailsLink?: boolean }) {
  const { t } = useTranslation('funds');
  const navigate = useNavigate();
  const wallet = useWallet();
  // The generated create pages of the resources' lists, wherever the menu or the resource file puts them.
  const deposits = useResourceListPath('deposits');
  const withdrawals = useResourceListPath('withdrawals');

  let body;
  if (wallet.isError) body = <ErrorState error={wallet.error} onRetry={() => void wallet.refetch()} />;
  else
    // While the balances load, the same grid with a placeholder per figure: the card keeps its size
    // and the buttons below do not move when the figures arrive.
    body = (
      <Row gutter={[16, 16]}>
        {FIGURES.map((figure) => (
          <Col key={figure} xs={12} md={6}>
            <div className="funds-figure" data-testid={wallet.isPending ? undefined : `wallet-${figure}`}>
              <div className="funds-figure__label">{t(`wallet.${figure}`)}</div>
              <div className={`funds-figure__value${figure === 'available' ? ' funds-figure__value--lead' : ''}`}>
                {wallet.isPending ? <Skeleton.Input active size="small" /> : formatMoney(wallet.data[figure])}
              </div>
            </div>
          </Col>
        ))}
      </Row>
    );

  return (
    <Card title={t('wallet.title')} extra={detailsLink ? <Link to={consolePath('RecordTabs')}>{t('wallet.details')}</Link> : undefined} className="funds-wallet">
      {body}
      <Space wrap className="funds-wallet__actions">
        <CanAccess resource="deposits" action="create">
          <Button type="primary" disabled={!deposits} onClick={() => deposits && navigate(createPath(deposits))}>
            {t('wallet.deposit')}
          </Button>
        </CanAccess>
        <CanAccess resource="withdrawals" action="create">
          <Button disabled={!withdrawals} onClick={() => withdrawals && navigate(createPath(withdrawals))}>
            {t('wallet.withdraw')}
          </Button>
        </CanAccess>
      </Space>
    </Card>
  );
}
