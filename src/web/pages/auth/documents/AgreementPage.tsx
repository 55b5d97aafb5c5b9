import { Button, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/AuthCard';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { consolePath } from '../../../../shared/consolePaths';

interface Section {
  heading: string;
  paragraphs: string[];
}

type Agreement = 'registerProtocol' | 'serviceProvision';

/** True when this tab has an in-app page to go back to (react-router keeps the index in history.state). */
const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

function AgreementPage({ agreement }: { agreement: Agreement }) {
  // The texts are a namespace of their own, downloaded only when a document is opened.
  const { t } = useTranslation(['legal', 'auth']);
  usePageTitle(`auth:documents.${agreement}Title`);
  const navigate = useNavigate();
  const sections = t(`${agreement}.sections`, { returnObjects: true }) as Section[];

  return (
    <AuthCard
      wide
      title={t(`${agreement}.title`)}
      extra={
        <Button
          type="link"
          icon={<ArrowLeftOutlined />}
          onClick={() => (canGoBack() ? navigate(-1) : navigate(consolePath('sign')))}
        >
          {t('auth:documents.back')}
        </Button>
      }
    >
      <Typography className="agreement-text">
        <Typography.Paragraph type="secondary">{t(`${agreement}.preamble`)}</Typography.Paragraph>
        {Array.isArray(sections) &&
          sections.map((section) => (
            <section key={section.heading}>
              <Typography.Title level={5}>{section.heading}</Typography.Title>
              {section.paragraphs.map((paragraph) => (
                <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>
              ))}
            </section>
          ))}
        <Typography.Paragraph type="secondary">{t(`${agreement}.updated`)}</Typography.Paragraph>
      </Typography>
    </AuthCard>
  );
}

/** /user/registerProtocol */
export const RegisterProtocolPage = () => <AgreementPage agreement="registerProtocol" />;
/** /user/serviceProvision */
export const ServiceProvisionPage = () => <AgreementPage agreement="serviceProvision" />;
