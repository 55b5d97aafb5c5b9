import { LinkOutlined } from '@ant-design/icons';
import { Card, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { VARIANT } from '../../variant';
import { useVariantText } from '../../variant/useVariantText';

/** /friendLinks: the partner links of the variant (variants/<id>.json friendLinks), opened in a new tab. */
export default function FriendLinksPage() {
  const { t } = useTranslation('friendLinks');
  const text = useVariantText();
  return (
    <Card title={t('title')}>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <List
        itemLayout="horizontal"
        dataSource={VARIANT.friendLinks}
        locale={{ emptyText: t('empty') }}
        renderItem={(link) => (
          <List.Item>
            <List.Item.Meta
              avatar={<LinkOutlined />}
              title={
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {text(link.name)}
                </a>
              }
              description={text(link.description)}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
