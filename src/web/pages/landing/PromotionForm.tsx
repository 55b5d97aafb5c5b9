import { Button, Card, Form, Input, Result, type FormRule } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMobile } from '../../../shared/validators';
import { SmsCodeField } from '../../components/SmsCodeField';
import { useFormRules } from '../../forms/rules';
import { showServerErrors } from '../../forms/serverErrors';
import { toast } from '../../providers/uiBridge';
import { checkPromotionPhone, savePromotionPhone } from '../../providers/publicApi';

interface Values {
  phone: string;
  code: string;
}

/**
 * Leave a mobile number for the promotion: the number is checked (valid, not left yet) before a
 * code is sent, and saved once the SMS code proves it. It promises only that: the number is
 * recorded.
 */
export function PromotionForm() {
  const { t } = useTranslation('promotion');
  const rules = useFormRules();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  const notSavedYet: FormRule = {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || !isMobile(value)) return;
      // A failed check leaves the decision to the server's answer when the code is sent.
      const check = await checkPromotionPhone(value).catch(() => null);
      if (check?.saved) throw new Error(t('errors.saved'));
    },
  };

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const res = await savePromotionPhone(values.phone, values.code);
      setSaved(res.phoneNo);
    } catch (error) {
      const text = showServerErrors(form, error, { phoneNo: 'phone' });
      if (text) toast('error', text);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className="landing__promotion" title={t('form.title')}>
      {saved ? (
        <Result status="success" title={t('form.savedTitle')} subTitle={t('form.savedHint', { phone: saved })} />
      ) : (
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
          <p className="landing__promotion-hint">{t('form.hint')}</p>
          <Form.Item name="phone" label={t('form.phone')} rules={[...rules.phone, notSavedYet]} validateTrigger="onBlur" validateFirst>
            <Input inputMode="tel" autoComplete="tel" maxLength={11} />
          </Form.Item>
          <SmsCodeField form={form} scene="promotion" label={t('form.code')} />
          <Button type="primary" htmlType="submit" loading={saving} block>
            {t('form.submit')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
