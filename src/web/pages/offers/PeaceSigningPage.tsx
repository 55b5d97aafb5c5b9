import { Button, Card, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PageProps } from '../registry';
import { consolePath } from '../../../shared/consolePaths';

const SIGN_PATH = consolePath('signContract');
const AGREEMENT_PATH = consolePath('serviceAgreement');
const ITEMS = ['code', 'record', 'hash', 'print'] as const;

/**
 * /outgoing/peace ("register a peace-of-mind signing", hidden). In the product this is where an
 * account registers with a third-party e-signature service. This deployment has no such
 * integration, so the page says so plainly and describes the signing the platform does itself
 * (SMS code of the signer, recorded signature, SHA-256 fixed at the first signature, printable
 * text), with links to where contracts are signed and to the service agreement.
 */
export default function PeaceSigningPage(_: PageProps) {
  const { t } = useTranslation('trading');
  const navigate = useNavigate();
  return (
    <Card className="peace-signing-page">
      <Result
        status="info"
        title={t('peace.title')}
        subTitle={t('peace.notAvailable')}
        extra={
          <Space wrap>
            <Button type="primary" onClick={() => navigate(SIGN_PATH)}>
              {t('peace.toSign')}
            </Button>
            <Button onClick={() => navigate(AGREEMENT_PATH)}>{t('peace.toAgreement')}</Button>
          </Space>
        }
      >
        <Typography.Paragraph strong>{t('peace.builtIn')}</Typography.Paragraph>
        <ul>
          {ITEMS.map((item) => (
            <li key={item}>{t(`peace.items.${item}`)}</li>
          ))}
        </ul>
      </Result>
    </Card>
  );
}
