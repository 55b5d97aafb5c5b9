import { PrinterOutlined } from '@ant-design/icons';
import { Button, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AgreementDocumentView } from '../../../shared/api';
import './agreements.css';

/** A versioned document: title, version and effective date, sections, and a print button. */
export function DocumentView({ document: doc, extra }: { document: AgreementDocumentView; extra?: { label: string; value: string }[] }) {
  const { t } = useTranslation('agreementPages');
  return (
    <article className="agreement-document" aria-label={doc.title}>
      <Typography.Title level={4} className="agreement-document__title">
        {doc.title}
      </Typography.Title>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'version', label: t('version'), children: doc.version },
          { key: 'effectiveFrom', label: t('effectiveFrom'), children: doc.effectiveFrom },
          ...(extra ?? []).map((item) => ({ key: item.label, label: item.label, children: item.value })),
        ]}
      />
      {doc.sections.map((section) => (
        <section key={section.heading}>
          <Typography.Title level={5}>{section.heading}</Typography.Title>
          <Typography.Paragraph>{section.body}</Typography.Paragraph>
        </section>
      ))}
      <div className="agreement-document__actions">
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('print')}
        </Button>
      </div>
    </article>
  );
}
