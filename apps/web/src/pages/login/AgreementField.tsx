import { Button, Checkbox, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgreementDialog } from './AgreementDialog';

/** The terms checkbox with a link that opens the terms; accepting there ticks the box. */
export function AgreementField() {
  const { t } = useTranslation('login');
  const form = Form.useFormInstance();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Form.Item
        name="agreement"
        valuePropName="checked"
        rules={[
          {
            validator: (_, value) =>
              value ? Promise.resolve() : Promise.reject(new Error(t('rules.agreementRequired'))),
          },
        ]}
      >
        <Checkbox data-testid="agreement">
          {t('agreement.prefix')}{' '}
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto' }}
            onClick={(e) => {
              e.preventDefault();
              setOpen(true);
            }}
          >
            {t('agreement.link')}
          </Button>
        </Checkbox>
      </Form.Item>
      <AgreementDialog
        open={open}
        onClose={() => setOpen(false)}
        onAccept={() => {
          form.setFieldValue('agreement', true);
          void form.validateFields(['agreement']);
          setOpen(false);
        }}
      />
    </>
  );
}
