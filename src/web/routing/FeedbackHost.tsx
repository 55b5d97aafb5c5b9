import message from 'antd/es/message';
import notification from 'antd/es/notification';
import { useEffect } from 'react';
import { connectFeedback } from '../providers/uiBridge';

/**
 * antd's notification and message, in their hook form so they follow the ConfigProvider's
 * locale and theme (antd's static methods cannot). Loaded on first use (see uiBridge.ts).
 */
export default function FeedbackHost() {
  const [notifier, notificationHolder] = notification.useNotification();
  const [toaster, messageHolder] = message.useMessage();
  // In an effect: the holders are mounted by then, so queued notices can be shown.
  useEffect(() => connectFeedback({ notifier, toaster }), [notifier, toaster]);
  return (
    <>
      {notificationHolder}
      {messageHolder}
    </>
  );
}
