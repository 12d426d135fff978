/** /learningClassroom/statisticspage: this year's required vs earned hours, required / elective, by category and by month. */
import { useState } from 'react';
import { Progress, Select } from 'antd';
import { learning } from '@portal/contract/refs';
import { HoursCharts } from '../../../features/classroom/HoursCharts.tsx';
import { formatHours, percentOf } from '../../../features/learning/format.ts';
import { QueryState } from '../../../features/learning/ListState.tsx';
import { useCallQuery } from '../../../api/useCallQuery.ts';

export default function StatisticsPage() {
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const q = useCallQuery(learning.findCreditHours, { query: { year } }, { staleTime: 0 });
  return (
    <>
      <label className="lc-inline-field">
        年度{' '}
        <Select
          aria-label="年度"
          value={year}
          onChange={setYear}
          options={[0, 1, 2].map((k) => ({ value: thisYear - k, label: `${thisYear - k}年` }))}
          style={{ width: 110 }}
        />
      </label>
      <QueryState query={q} empty="">
        {(s) => (
          <>
            <div className="stats-figures">
              <div className="lc-card stats-figure">
                <span className="stats-label">已获学时 / 要求学时</span>
                <span className="stats-value" data-testid="stats-earned" data-hours={s.earnedHours}>
                  {s.earnedHours} / {s.requiredHours}
                </span>
                <Progress percent={percentOf(s.earnedHours, s.requiredHours)} size="small" aria-label="年度学时进度" />
              </div>
              <div className="lc-card stats-figure">
                <span className="stats-label">必修学时</span>
                <span className="stats-value">{formatHours(s.earnedRequiredHours)}</span>
              </div>
              <div className="lc-card stats-figure">
                <span className="stats-label">选修学时</span>
                <span className="stats-value">{formatHours(s.earnedElectiveHours)}</span>
              </div>
              <div className="lc-card stats-figure">
                <span className="stats-label">完成课程</span>
                <span className="stats-value">{s.completedCourses}门</span>
              </div>
            </div>
            <HoursCharts stats={s} />
          </>
        )}
      </QueryState>
    </>
  );
}
