/**
 * The class a teacher's page is about: `classId` in the address (so every link and reload keeps it),
 * the teacher's first class when none is named. One picker for every /class page.
 */
import { Select } from 'antd';
import { teacher } from '@portal/contract/refs';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { useUrlFilters } from '../../lib/urlFilters.ts';

const DEFAULTS = { classId: 0 };

export function useClassChoice() {
  const classes = useCallQuery(teacher.findClass, {}, { staleTime: 30_000 });
  const [{ classId }, set] = useUrlFilters(DEFAULTS);
  const list = classes.data ?? [];
  const chosen = list.find((c) => c.id === classId) ?? list[0] ?? null;
  return { classes, chosen, choose: (id: number) => set({ classId: id }) };
}

export function ClassPicker({ choice }: { choice: ReturnType<typeof useClassChoice> }) {
  const { classes, chosen, choose } = choice;
  return (
    <label className="teacher-picker">
      <span>班级：</span>
      <Select
        aria-label="选择班级"
        loading={classes.isPending}
        value={chosen?.id}
        onChange={(id: number) => choose(id)}
        options={(classes.data ?? []).map((c) => ({ value: c.id, label: `${c.name}（${c.memberCount}人）` }))}
        notFoundContent="您还没有负责的班级"
      />
    </label>
  );
}
