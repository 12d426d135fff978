/**
 * The logged-in side of the login modal: picture, name, ethnicity, gender, rank, work unit, the
 * avatar upload (one file; ready → uploading → success | fail, a failed item leaves the list) and,
 * when the person qualifies, the link to the national cadre network academy.
 */
import { useState } from 'react';
import { Avatar, Button, Descriptions, Upload, type UploadFile, type UploadProps } from 'antd';
import { GlobalOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import type { SessionPerson } from '@portal/contract';
import { MSG, showsNationalAcademyLink } from '@portal/contract/base';
import { person } from '@portal/contract/refs';
import { CallError, call, upload, showError } from '../../api/client.ts';
import { genderName } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { openInNewWindow } from '../../lib/newWindow.ts';
import { refreshPerson } from './session.ts';

export function ProfilePanel({ who }: { who: SessionPerson }) {
  const [files, setFiles] = useState<UploadFile[]>([]);

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const blob = file as Blob;
    const name = typeof file === 'string' ? undefined : (file as File).name;
    upload(person.uploadUserPic, blob, name)
      .then(async (answer) => {
        onSuccess?.(answer.data);
        toast('success', answer.message);
        // The header and this panel show the new picture once the session person is read again.
        await refreshPerson().catch((err: unknown) => showError(err));
      })
      .catch((err: unknown) => {
        onError?.(err instanceof Error ? err : new Error(MSG.uploadFailed));
        if (err instanceof CallError && err.shown) return;
        toast('error', err instanceof CallError && err.kind === 'business' ? err.message : MSG.uploadFailed);
      });
  };

  const onChange: UploadProps['onChange'] = ({ fileList }) => {
    setFiles(fileList.filter((f) => f.status !== 'error').slice(-1));
  };

  const openAcademy = () =>
    openInNewWindow(() => call(person.zwyTicket)).catch((err: unknown) => {
      showError(err, 'warning');
    });

  return (
    <div className="profile-panel">
      <div className="profile-head">
        <Avatar size={88} src={who.userPic || undefined} icon={<UserOutlined />} alt={`${who.personName}的头像`} />
        <div>
          <div className="profile-name">{who.personName}</div>
          <div className="profile-no">学号：{who.personNo}</div>
        </div>
      </div>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'name', label: '姓名', children: who.personName },
          { key: 'nation', label: '民族', children: who.nationName || '—' },
          { key: 'gender', label: '性别', children: genderName(who.gender) },
          { key: 'rank', label: '职级', children: who.positionLevelName || '—' },
          { key: 'organ', label: '工作单位', children: who.organName || '—' },
        ]}
      />
      <div className="profile-actions">
        <Upload
          name={person.uploadUserPic.upload.field}
          accept="image/jpeg,image/png,image/gif,image/webp"
          maxCount={1}
          fileList={files}
          customRequest={customRequest}
          onChange={onChange}
        >
          <Button icon={<UploadOutlined />}>上传头像</Button>
        </Upload>
        {showsNationalAcademyLink(who) ? (
          <Button type="link" icon={<GlobalOutlined />} onClick={() => void openAcademy()}>
            登录全国干部网络学院
          </Button>
        ) : null}
      </div>
    </div>
  );
}
