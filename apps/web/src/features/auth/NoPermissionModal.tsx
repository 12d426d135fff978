/** The no-permission modal (SPEC.md section 2): 您没有该模块的操作权限. */
import { Modal } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { MSG } from '@portal/contract/base';
import { StatusPanel } from '../../app/StatusPanel.tsx';
import { authUi, useAuthUi } from './authUi.ts';

export function NoPermissionModal() {
  const ui = useAuthUi();
  return (
    <Modal
      open={ui.noPermission}
      title="提示"
      onCancel={authUi.closeNoPermission}
      onOk={authUi.closeNoPermission}
      okText="我知道了"
      cancelButtonProps={{ style: { display: 'none' } }}
      centered
      width={400}
    >
      <StatusPanel icon={<StopOutlined />} title={MSG.noPermission} text="如需使用，请联系本单位培训联络员。" />
    </Modal>
  );
}
