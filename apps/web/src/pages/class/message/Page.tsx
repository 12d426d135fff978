/** /class/message: the messages of my class, who read them and when, reminders by SMS, delete. */
import { Link } from 'react-router';
import { Button } from 'antd';
import { LoadError } from '../../../features/learning/ListState.tsx';
import { ClassPicker, useClassChoice } from '../../../features/teacher/ClassPicker.tsx';
import { SentMessages } from '../../../features/teacher/SentMessages.tsx';
import '../../../features/teacher/teacher.css';

export default function MessagesPage() {
  const choice = useClassChoice();
  const classId = choice.chosen?.id ?? 0;
  if (choice.classes.isError) return <LoadError error={choice.classes.error} retry={() => void choice.classes.refetch()} />;
  return (
    <div className="teacher-page">
      <div className="teacher-toolbar">
        <ClassPicker choice={choice} />
        <Link to={`/class/message1?classId=${classId}`}>
          <Button type="primary">写消息</Button>
        </Link>
      </div>
      <SentMessages classId={classId} />
    </div>
  );
}
