import { ToolOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { consolePath } from '../../../shared/consolePaths';

/** /buildPage: the one route that is "under construction" by design (SPEC §2). */
export default function BuildPage() {
  const { t } = useTranslation('buildPage');
  const navigate = useNavigate();
  return (
    <Result
      icon={<ToolOutlined />}
      title={t('title')}
      subTitle={t('subTitle')}
      extra={
        <Button type="primary" onClick={() => navigate(consolePath('home'))}>
          {t('home')}
        </Button>
      }
    />
  );
}
