/**
 * 考试管理, the training administrator's: the question banks (题库), exams with a
 * fixed paper (考试: draft, edit, preview as a learner, publish) and each exam's results (成绩). An
 * exam somebody has sat accepts only a later close time; the server decides, the editor says so.
 */
import { Segmented, Typography } from 'antd';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { Questions } from './Questions.tsx';
import { Papers } from './Papers.tsx';
import { ExamEditor } from './ExamEditor.tsx';
import { Preview } from './Preview.tsx';
import { Results } from './Results.tsx';

export default function ExamsPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tab = pathname.includes('/admin/exams/papers') ? 'papers' : 'questions';
  return (
    <div className="admin-exams">
      <div className="admin-list-toolbar">
        <Typography.Title level={2} style={{ margin: 0 }}>
          考试管理
        </Typography.Title>
        <Segmented
          aria-label="考试管理分类"
          value={tab}
          onChange={(v) => navigate(`/admin/exams/${v}`)}
          options={[
            { value: 'questions', label: '题库' },
            { value: 'papers', label: '考试' },
          ]}
        />
      </div>
      <Routes>
        <Route index element={<Navigate to="questions" replace />} />
        <Route path="questions" element={<Questions />} />
        <Route path="papers" element={<Papers />} />
        <Route path="papers/new" element={<ExamEditor />} />
        <Route path="papers/:id" element={<ExamEditor />} />
        <Route path="papers/:id/preview" element={<Preview />} />
        <Route path="papers/:id/results" element={<Results />} />
      </Routes>
    </div>
  );
}
