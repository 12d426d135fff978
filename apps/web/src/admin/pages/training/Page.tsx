/**
 * 培训管理, the training and the system administrator's: topics (培训项目, with
 * their application rules, plans and the plans' courses), classes (teachers and members) and years.
 * What the imports create is created and changed here one record at a time; learners see a change on
 * their next page. Every save names the version it edited; the server decides and says why it refuses.
 */
import { Tabs, Typography } from 'antd';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { Topics } from './Topics.tsx';
import { TopicEditor } from './TopicEditor.tsx';
import { Classes } from './Classes.tsx';
import { ClassEditor } from './ClassEditor.tsx';
import { Years } from './Years.tsx';
import './training.css';

const TABS = [
  { key: 'topics', label: '培训项目' },
  { key: 'classes', label: '班级' },
  { key: 'years', label: '培训年度' },
];

export default function TrainingPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tab = TABS.find((t) => pathname.startsWith(`/admin/training/${t.key}`))?.key ?? 'topics';
  return (
    <div className="admin-training">
      <Typography.Title level={2}>培训管理</Typography.Title>
      <Tabs activeKey={tab} onChange={(k) => void navigate(`/admin/training/${k}`)} items={TABS} />
      <Routes>
        <Route index element={<Navigate to="topics" replace />} />
        <Route path="topics" element={<Topics />} />
        <Route path="topics/:id" element={<TopicEditor />} />
        <Route path="classes" element={<Classes />} />
        <Route path="classes/:id" element={<ClassEditor />} />
        <Route path="years" element={<Years />} />
      </Routes>
    </div>
  );
}
