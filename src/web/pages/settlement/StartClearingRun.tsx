import { InteractionOutlined } from '@ant-design/icons';
import { useInvalidate, useNotification, useResourceParams } from '@refinedev/core';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlotProps } from '../../resources/slots';
import { Can } from '../../session/ability';
import { useSettlementCalls } from '../../system/settlement';
import { useIntent } from '../../providers/idempotency';

/**
 * The clearing runs list's start button (ops only: the `ops` grant, as the server's
 * POST /api/settlement/clearing-runs asks): runs a clearing now, then refreshes the list and says
 * what it cleared. A run takes the bills of every participant, so it asks first.
 */
export default function StartClearingRun({ definition }: SlotProps['listButtons']) {
  return (
    <Can I="add" a="ops">
      <StartButton definition={definition} />
    </Can>
  );
}

function StartButton({ definition }: SlotProps['listButtons']) {
  const { t } = useTranslation('resources');
  const settlement = useSettlementCalls();
  const intent = useIntent();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const { identifier } = useResourceParams().select(definition.name);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      // One key per start: a start tried again after a lost answer gets the run it started.
      const run = await intent.attempt('startClearing', (key) => settlement.startClearingRun(key));
      intent.end();
      open?.({ type: 'success', message: t('clearing.started'), description: t('clearing.startedDetail', { ...run }) });
      await invalidate({ resource: identifier, invalidates: ['list'] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popconfirm title={t('clearing.confirmTitle')} description={t('clearing.confirmText')} okText={t('clearing.start')} onConfirm={() => void start()}>
      <Button type="primary" icon={<InteractionOutlined />} loading={busy} data-testid="clearing-start">
        {t('clearing.start')}
      </Button>
    </Popconfirm>
  );
}
