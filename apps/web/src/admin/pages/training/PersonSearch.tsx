/** A person found by name, mobile or person number (teachers only when asked), picked to join a class. */
import { useState } from 'react';
import { Select } from 'antd';
import type { adminTraining as AT } from '@portal/contract';
import { adminTraining as T } from '@portal/contract/refs';
import { useCallQuery } from '../../../api/useCallQuery.ts';

export function PersonSearch({ teachers, value, onChange, label }: { teachers: boolean; value: AT.AdminClassPerson | null; onChange: (p: AT.AdminClassPerson | null) => void; label: string }) {
  const [text, setText] = useState('');
  const found = useCallQuery(T.adminTrainingPeople, { query: { text, teachers: teachers ? 'true' : 'false' } }, { enabled: text.length > 0, keepPrevious: true, staleTime: 0 });
  const people = text ? (found.data ?? []) : [];
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: (v) => setText(v.trim()) }}
      allowClear
      aria-label={label}
      placeholder="输入姓名、手机号或人员编号"
      style={{ width: 320, maxWidth: '100%' }}
      value={value?.personId ?? null}
      loading={found.isFetching}
      notFoundContent={text ? (found.isFetching ? '查找中…' : '没有找到此人') : '请输入姓名、手机号或人员编号'}
      onChange={(id: number | null) => onChange(people.find((p) => p.personId === id) ?? null)}
      options={people.map((p) => ({ value: p.personId, label: `${p.personName}（${p.personNo}，${p.mobile}${p.organName ? `，${p.organName}` : ''}）` }))}
    />
  );
}
