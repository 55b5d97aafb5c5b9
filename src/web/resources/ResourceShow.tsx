import { ArrowLeftOutlined, FileTextOutlined } from '@ant-design/icons';
import { Show } from '@refinedev/antd';
import { useOne } from '@refinedev/core';
import { Button, Card, Descriptions, Space, Typography } from 'antd';
import { LiveMark } from '../live/LiveMark';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ResourceDefinition, ResourceRecord } from '../../shared/resources/types';
import { FieldValue } from './FieldValue';
import { History, type RecordEvent } from './History';
import { useResourceText } from './labels';
import { RecordActions } from './RecordActions';
import { ServiceNotice, useServiceGate } from './service';
import { Slot } from './slots';
import { ErrorState, LoadingState } from './states';

type RecordWithEvents = ResourceRecord & { events?: RecordEvent[] };

interface Props {
  definition: ResourceDefinition;
  basePath: string;
  id: string;
  /** The route printing the record's document (menu.json render.documentRoute), opened with ?id=. */
  documentPath?: string;
}

/** The generated show page: refine's Show with the record's buttons, the declared sections, the history. */
export default function ResourceShow({ definition, basePath, id, documentPath }: Props) {
  const { t } = useTranslation('resources');
  const text = useResourceText(definition);
  const navigate = useNavigate();
  const gate = useServiceGate(definition);
  const { query, result: record } = useOne<RecordWithEvents>({
    resource: definition.name,
    id,
    meta: { silent: true },
    queryOptions: { retry: false },
  });

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(basePath)}>
      {t('show.back')}
    </Button>
  );
  if (query.isLoading) return <LoadingState rows={8} />;
  if (query.isError || !record) return <ErrorState error={query.error} onRetry={() => void query.refetch()} extra={back} />;

  return (
    <div className="resource-page resource-show">
      {gate.blocked && <ServiceNotice definition={definition} />}
      <Show
        resource={definition.name}
        recordItemId={id}
        breadcrumb={false}
        goBack={false}
        title={
          <Space className="resource-show__title">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {text.record}
            </Typography.Title>
            {record.state && <FieldValue definition={definition} field="state" value={record.state} text={text} />}
            <LiveMark resource={definition.name} id={id} />
          </Space>
        }
        headerButtons={
          <>
            {!gate.blocked && !gate.pending && <RecordActions definition={definition} record={record} basePath={basePath} text={text} />}
            {documentPath && (
              <Button icon={<FileTextOutlined />} onClick={() => navigate(`${documentPath}?id=${encodeURIComponent(id)}`)}>
                {t('show.document')}
              </Button>
            )}
            {back}
          </>
        }
      >
        {/* What the domain adds above the record (a contract's steps and next action); nothing while it loads. */}
        <Suspense fallback={null}>
          <Slot name="recordHeader" props={{ definition, record, text }} />
        </Suspense>
        {definition.show.sections.map((section) => (
          <Descriptions
            key={section.key}
            title={text.section(section.key)}
            bordered
            size="middle"
            column={{ xs: 1, sm: 1, md: 2 }}
            className="resource-show__section"
            items={section.fields.map((field) => ({
              key: field,
              label: text.field(field),
              children: <FieldValue definition={definition} field={field} value={record[field]} text={text} variant="detail" />,
            }))}
          />
        ))}
      </Show>
      {/* What the domain adds below the record (the receipts of the money it moved); nothing while it loads. */}
      <Suspense fallback={null}>
        <Slot name="recordFooter" props={{ definition, record }} />
      </Suspense>
      <Card title={t('show.history')} className="resource-show__history">
        <History definition={definition} events={record.events ?? []} text={text} />
      </Card>
    </div>
  );
}
