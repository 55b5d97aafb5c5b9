import { App } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { connectUi } from '../providers/uiBridge';

/** Lends the HTTP client antd's notifications and the router's navigation (see providers/uiBridge.ts). */
export function UiBridge() {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => connectUi({ notifier: notification, navigate: (to) => navigate(to) }), [notification, navigate]);
  return null;
}
