/** A learner's state against the class's schedule, in words and colour. */
import { Tag } from 'antd';
import type { teacher as T } from '@portal/contract';
import { teacher } from '@portal/contract/refs';

const COLORS: Record<T.StudyState, string> = { ahead: 'success', onTrack: 'processing', behind: 'warning', notStarted: 'error' };

export function StudyStateTag({ state }: { state: T.StudyState }) {
  return <Tag color={COLORS[state]}>{teacher.STUDY_STATE_LABELS[state]}</Tag>;
}
