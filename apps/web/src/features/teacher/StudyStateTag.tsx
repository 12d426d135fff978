/** A learner's state against the class's schedule, in words and colour. */
import { Tag } from 'antd';
import type { teacher as T } from '@portal/contract';
import { teacher } from '@portal/contract/refs';

// On track is the plain tag: the theme's "processing" is the college red, which beside 尚未开始's red would not tell the two apart.
const COLORS: Record<T.StudyState, string | undefined> = { ahead: 'success', onTrack: undefined, behind: 'warning', notStarted: 'error' };

export function StudyStateTag({ state }: { state: T.StudyState }) {
  return <Tag color={COLORS[state]}>{teacher.STUDY_STATE_LABELS[state]}</Tag>;
}
