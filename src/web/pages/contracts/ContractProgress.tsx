import { Alert, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { contractSide, contractSteps, nextContractAction } from '../../../shared/contractProgress';
import type { SlotProps } from '../../resources/slots';
import { currentViewer } from '../../refine/reference';

/**
 * Above a contract's details: its lifecycle as steps (the states it went and will go through,
 * labelled as the contract file labels them) and what the caller must do next, from its state
 * and the caller's side (src/shared/contractProgress.ts).
 */
export default function ContractProgress({ record, text }: SlotProps['recordHeader']) {
  const { t } = useTranslation('trading');
  const steps = contractSteps(record);
  const current = Math.max(
    0,
    steps.findIndex((step) => step.state === record.state),
  );
  const next = nextContractAction(record, contractSide(record, currentViewer()));
  return (
    <section className="contract-progress" aria-label={t('progress.title')} data-testid="contract-progress">
      <Steps
        size="small"
        current={current}
        status={steps[current]?.status}
        items={steps.map((step) => ({ key: step.state, title: text.state(step.state), status: step.status }))}
        style={{ marginBottom: 16 }}
      />
      <Alert
        type={next.who === 'you' ? 'warning' : 'info'}
        showIcon
        data-testid="contract-next-action"
        message={t(`progress.next.${next.who}`, { step: t(`progress.steps.${next.step}`) })}
        style={{ marginBottom: 24 }}
      />
    </section>
  );
}
