import { Button, Card, Descriptions, Flex, Layout, Modal, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { maskPhone } from '../../../shared/validators';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { usePageTitle } from '../../hooks/usePageTitle';
import { getUserInfo } from '../../providers/session';
import { useSignOut } from '../../refine/useSignOut';

/** /home placeholder until the console shell lands: who is signed in, and a way out. */
export default function HomePage() {
  const { t } = useTranslation('app');
  usePageTitle('app:home.title');
  const [modal, modalHolder] = Modal.useModal();
  const signOut = useSignOut();
  const user = getUserInfo();

  const confirmLogout = () =>
    modal.confirm({
      title: t('logout.confirmTitle'),
      content: t('logout.confirmContent'),
      okText: t('logout.ok'),
      cancelText: t('logout.cancel'),
      onOk: signOut,
    });

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {modalHolder}
      <Layout.Header style={{ background: '#fff', paddingInline: 24 }}>
        <Flex justify="space-between" align="center" style={{ height: '100%' }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('productName')}
          </Typography.Title>
          <Flex gap={16} align="center">
            <LanguageSwitcher />
            <Button icon={<LogoutOutlined />} onClick={confirmLogout}>
              {t('logout.button')}
            </Button>
          </Flex>
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Card title={t('home.welcome', { name: user?.name || user?.maskedPhone || '' })}>
          <Descriptions column={1}>
            <Descriptions.Item label={t('home.name')}>{user?.name || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('home.phone')}>{user ? maskPhone(user.phone) : '-'}</Descriptions.Item>
            <Descriptions.Item label={t('home.account')}>{user?.accountName || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('home.userType')}>{user ? t(`home.userTypes.${user.type}`) : '-'}</Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
            {t('home.placeholder')}
          </Typography.Paragraph>
        </Card>
      </Layout.Content>
    </Layout>
  );
}
