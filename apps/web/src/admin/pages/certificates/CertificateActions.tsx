/**
 * A certificate's two changes: 撤销 with a reason, and 补发 after a correction (the old number revoked,
 * a new one issued with the corrected hours and the holder's current name and unit, linked to it).
 */
import { useState } from 'react';
import { Button, Descriptions, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { adminCertificate as AC } from '@portal/contract/refs';
import type { adminCertificate } from '@portal/contract';
import { call, CallError, showError } from '../../../api/client.ts';
import { callKey } from '../../../api/useCallQuery.ts';
import { toast } from '../../../lib/toast.ts';
import { RowActions } from '../../../ui/list/RowActions.tsx';

type Item = adminCertificate.AdminCertItem;
type Mode = 'revoke' | 'reissue';

const reasonRules = (what: string) => [
  { required: true, whitespace: true, message: `请填写${what}原因` },
  { max: 200, message: `${what}原因不能超过200个字符` },
];

export function CertificateActions({ cert }: { cert: Item }) {
  const [mode, setMode] = useState<Mode | null>(null);
  if (cert.revokedAt) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <>
      <RowActions label={cert.certNo}>
        <Button size="small" danger onClick={() => setMode('revoke')} aria-label={`撤销 ${cert.certNo}`}>
        撤销
      </Button>
        <Button size="small" onClick={() => setMode('reissue')} aria-label={`补发 ${cert.certNo}`}>
          补发
        </Button>
      </RowActions>
      {mode ? <ChangeModal cert={cert} mode={mode} onClose={() => setMode(null)} /> : null}
    </>
  );
}

function ChangeModal({ cert, mode, onClose }: { cert: Item; mode: Mode; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason: string; hours: number }>();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const title = mode === 'revoke' ? `撤销证书 ${cert.certNo}` : `补发证书 ${cert.certNo}`;

  async function submit(v: { reason: string; hours: number }) {
    setSaving(true);
    setRefusal(null);
    try {
      if (mode === 'revoke') {
        await call(AC.adminCertRevoke, { body: { certNo: cert.certNo, reason: v.reason } });
        toast('success', `证书 ${cert.certNo} 已撤销`);
      } else {
        const r = await call(AC.adminCertReissue, { body: { certNo: cert.certNo, reason: v.reason, hours: v.hours } });
        toast('success', `已补发新证书 ${r.issued.certNo}，原证书 ${cert.certNo} 已撤销`);
      }
      await queryClient.invalidateQueries({ queryKey: callKey(AC.adminCertList) });
      onClose();
    } catch (e) {
      if (e instanceof CallError && e.kind === 'business') setRefusal(e.message);
      else showError(e);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal open title={title} onCancel={onClose} okText={mode === 'revoke' ? '确认撤销' : '确认补发'} okButtonProps={{ danger: mode === 'revoke', loading: saving }} onOk={() => form.submit()} destroyOnHidden>
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="持证人">
          {cert.personName}（{cert.personNo}）
        </Descriptions.Item>
        <Descriptions.Item label="单位">{cert.organName || '—'}</Descriptions.Item>
        <Descriptions.Item label="培训">{cert.installTitle}</Descriptions.Item>
        <Descriptions.Item label="学时">{cert.hours}</Descriptions.Item>
      </Descriptions>
      {mode === 'reissue' ? (
        <Typography.Paragraph type="secondary">
          补发后原证书编号作废，并在证书查询中注明新编号。新证书按人员信息中的当前姓名、单位打印；姓名或单位有误的，请先在人员管理中更正。
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph type="secondary">撤销后，证书查询将显示该证书已撤销，持证人不能再下载打印。</Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" initialValues={{ hours: cert.hours, reason: '' }} onFinish={(v) => void submit(v)}>
        {mode === 'reissue' ? (
          <Form.Item name="hours" label="更正后的学时" rules={[{ required: true, message: '请填写学时' }]}>
            <InputNumber min={0} max={9999} step={0.5} precision={1} style={{ width: 160 }} />
          </Form.Item>
        ) : null}
        <Form.Item name="reason" label={mode === 'revoke' ? '撤销原因' : '补发原因（更正了什么）'} rules={reasonRules(mode === 'revoke' ? '撤销' : '补发')}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
        {refusal ? (
          <Typography.Text type="danger" role="alert">
            {refusal}
          </Typography.Text>
        ) : null}
      </Form>
    </Modal>
  );
}
