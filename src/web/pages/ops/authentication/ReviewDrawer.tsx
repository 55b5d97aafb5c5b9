import { CanAccess } from '@refinedev/core';
import { Alert, Button, Descriptions, Drawer, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormDefinition } from '../../../../shared/resources/types';
import { HttpError } from '../../../providers/httpError';
import { errorText } from '../../../providers/httpErrorPolicy';
import { toast } from '../../../providers/uiBridge';
import { formatDateTime, stateColour } from '../../../resources/format';
import { useResourceText } from '../../../resources/labels';
import { ErrorState, LoadingState } from '../../../resources/states';
import { FORM_OF, useFormDefinition, type AuthSubmission, type ReviewRecord } from '../../../system/authentication';
import { AuthenticationDetails } from '../../authentication/AuthenticationDetails';
import { RejectModal } from './RejectModal';
import { useReview, useReviewDecisions } from '../../../system/opsAuthentication';

export const ROUTE_KEY = 'opsAuthentication';
const STATUSES = ['submitted', 'approved', 'rejected'];

interface Props {
  /** The queue row opened; null when the drawer is closed. */
  record: ReviewRecord | null;
  onClose(): void;
  /** A decision was made or found out of date: the queue is to be loaded again. */
  onChanged(): void;
}

interface BodyProps {
  record: ReviewRecord;
  submission: AuthSubmission;
  definition: FormDefinition;
  conflict: boolean;
  onRefresh(): void;
}

function ReviewBody({ record, submission, definition, conflict, onRefresh }: BodyProps) {
  const { t } = useTranslation('authentication');
  const text = useResourceText(definition);
  const time = (value: string | null) => (value ? formatDateTime(value) : '-');
  return (
    <>
      {conflict && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          message={t('ops.conflict')}
          action={
            <Button size="small" onClick={onRefresh}>
              {t('ops.refresh')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Descriptions
        title={t('ops.meta')}
        bordered
        size="middle"
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        style={{ marginBottom: 24 }}
        items={[
          { key: 'accountName', label: t('ops.columns.accountName'), children: record.accountName },
          { key: 'kind', label: t('ops.columns.kind'), children: t(`kind.${submission.kind}`) },
          { key: 'status', label: t('ops.status'), children: <Tag color={stateColour(submission.status, STATUSES)}>{t(`ops.tabs.${submission.status}`)}</Tag> },
          { key: 'submittedAt', label: t('ops.columns.submittedAt'), children: time(submission.submittedAt) },
          ...(submission.reviewedAt ? [{ key: 'reviewedAt', label: t('ops.columns.reviewedAt'), children: time(submission.reviewedAt) }] : []),
          ...(submission.reason
            ? [{ key: 'reason', label: t('ops.columns.reason'), span: 'filled' as const, children: <Typography.Text type="danger">{submission.reason}</Typography.Text> }]
            : []),
        ]}
      />
      <AuthenticationDetails definition={definition} text={text} data={submission.data} />
    </>
  );
}

/** One submission for review: every section of the form, images as thumbnails, approve or reject. */
export function ReviewDrawer({ record, onClose, onChanged }: Props) {
  const { t } = useTranslation('authentication');
  const id = record?.id ?? '';
  const detail = useReview(record?.id);
  const { approve: approveReview } = useReviewDecisions();
  const definition = useFormDefinition(record ? FORM_OF[record.kind] : undefined);
  const [conflict, setConflict] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [approving, setApproving] = useState(false);
  const submission = detail.data;
  const pending = submission?.status === 'submitted' && !conflict;

  const close = () => {
    setConflict(false);
    setRejecting(false);
    onClose();
  };
  const decided = () => {
    onChanged();
    close();
  };
  const refresh = () => {
    setConflict(false);
    void detail.refetch();
    onChanged();
  };

  const approve = async () => {
    setApproving(true);
    try {
      await approveReview(id);
      toast('success', t('ops.approved'));
      decided();
    } catch (error) {
      if (error instanceof HttpError && error.code === 409) setConflict(true);
      else if (error instanceof HttpError) toast('error', errorText(error));
    } finally {
      setApproving(false);
    }
  };

  let body;
  if (detail.isPending || definition.isPending) body = <LoadingState rows={10} />;
  else if (detail.isError) body = <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (definition.isError) body = <ErrorState error={definition.error} onRetry={() => void definition.refetch()} />;
  else if (record) body = <ReviewBody record={record} submission={detail.data} definition={definition.data} conflict={conflict} onRefresh={refresh} />;

  return (
    <Drawer
      open={Boolean(record)}
      width={960}
      title={record ? t('ops.drawerTitle', { kind: t(`kind.${record.kind}`), name: record.name || record.accountName }) : ''}
      onClose={close}
      destroyOnHidden
      footer={
        pending && (
          <CanAccess resource={ROUTE_KEY} action="edit">
            <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button danger onClick={() => setRejecting(true)}>
                {t('ops.reject')}
              </Button>
              <Popconfirm
                title={t('ops.approveConfirmTitle')}
                description={<div style={{ maxWidth: 320 }}>{t('ops.approveConfirm')}</div>}
                okText={t('ops.ok')}
                cancelText={t('ops.cancel')}
                onConfirm={approve}
              >
                <Button type="primary" loading={approving}>
                  {t('ops.approve')}
                </Button>
              </Popconfirm>
            </Space>
          </CanAccess>
        )
      }
    >
      {body}
      {record && (
        <RejectModal
          id={record.id}
          open={rejecting}
          onClose={() => setRejecting(false)}
          onRejected={decided}
          onConflict={() => {
            setRejecting(false);
            setConflict(true);
          }}
        />
      )}
    </Drawer>
  );
}
