import { Form, type FormInstance } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../providers/uiBridge';
import { showServerErrors } from './serverErrors';
import { consolePath } from '../../shared/consolePaths';

/**
 * A sign-in page form whose success ends at the login page (reset password, bind an operator):
 * busy while sending, the server's field errors beside the fields and any other as a toast,
 * `doneText` as a toast on success.
 */
export function useSubmitThenSignIn<V extends object>(send: (values: V) => Promise<unknown>, doneText: string) {
  const navigate = useNavigate();
  const [form] = Form.useForm<V>();
  const [submitting, setSubmitting] = useState(false);
  const onFinish = async (values: V) => {
    setSubmitting(true);
    try {
      await send(values);
      toast('success', doneText);
      navigate(consolePath('login'), { replace: true });
    } catch (error) {
      const text = showServerErrors(form as FormInstance, error);
      if (text) toast('error', text);
      setSubmitting(false);
    }
  };
  return { form, submitting, onFinish };
}
