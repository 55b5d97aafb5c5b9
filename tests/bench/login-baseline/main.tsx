// The baseline of tests/bench/login-load.ts: the smallest Vite + React + antd login page a team
// would write (one route, one form, antd's zh-CN locale), built the same way as the console.
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, ConfigProvider, Form, Input } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function LoginPage() {
  return (
    <Card title="登录" style={{ width: 400, margin: '120px auto' }}>
      <Form layout="vertical" onFinish={() => undefined}>
        <Form.Item name="phone" label="手机号" rules={[{ required: true }]}>
          <Input prefix={<UserOutlined />} autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={[{ required: true }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          登录
        </Button>
      </Form>
    </Card>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider locale={zhCN}>
      <LoginPage />
    </ConfigProvider>
  </StrictMode>,
);
