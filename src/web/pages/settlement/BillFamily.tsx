import { ApartmentOutlined } from '@ant-design/icons';
import { Card, Tag, Tree, Typography } from 'antd';
import type { TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BillFamilyNode } from '../../../shared/billFamily';
import { useBillFamily } from '../../system/settlement';
import { formatDateTime, stateColour } from '../../resources/format';
import { referencePath } from '../../refine/reference';

/**
 * The bill's family as a small tree (issue 31): the original bill and every part passed on from
 * it, each with its holder, amount, open amount, due day, state and when it was made (a bill passed
 * on whole shows passedOn, its holders below it); the bill on this page marked. A part the caller may open links to its page. Shown only once a part was
 * passed on (a bill alone is its own page).
 */
export default function BillFamily({ id, version }: { id: string; version?: number }) {
  const { t } = useTranslation('settlement');
  const query = useBillFamily(id, version);
  const root = query.data;
  if (!root || (root.children.length === 0 && root.billId === id)) return null;
  const toNode = (node: BillFamilyNode): TreeDataNode => {
    const path = node.readable ? referencePath('bills', node.billId) : undefined;
    const label = (
      <span data-testid="bill-family-node" data-bill={node.billId}>
        <Typography.Text strong={node.billId === id}>{node.holder}</Typography.Text>
        {' · '}
        {t('family.amount', { amount: node.amount })}
        {' · '}
        {t('family.open', { open: node.openAmount })}
        {' · '}
        {t('family.due', { day: node.dueDay })}
        {' · '}
        {node.parentBillId ? t('family.passedAt', { time: formatDateTime(node.createdAt) }) : t('family.issuedAt', { time: formatDateTime(node.createdAt) })}{' '}
        <Tag color={stateColour(node.state, [])}>{t(`family.states.${node.state}`, { defaultValue: node.state })}</Tag>
        {node.billId === id ? <Tag color="blue">{t('family.this')}</Tag> : path ? <Link to={path}>{t('family.view')}</Link> : null}
      </span>
    );
    return { key: node.billId, title: label, children: node.children.map(toNode) };
  };
  return (
    <Card
      title={
        <>
          <ApartmentOutlined /> {t('family.title')}
        </>
      }
      className="resource-show__receipts"
      data-testid="bill-family"
    >
      <Typography.Paragraph type="secondary">{t('family.hint', { payer: root.payer, issued: root.issuedAmount })}</Typography.Paragraph>
      <Tree treeData={[toNode(root)]} defaultExpandAll selectable={false} showLine blockNode />
    </Card>
  );
}
