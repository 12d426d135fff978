/**
 * The year → install → plan → course browser of the home page: choose a training year, one of its
 * installs (training arrangements), one of that install's plans, and see the plan's courses, required
 * ones first. Each level picks its first entry until the visitor chooses another.
 */
import { useState } from 'react';
import type { catalog as catalogTypes } from '@portal/contract';
import { catalog } from '@portal/contract/refs';
import { CourseGrid } from '../../features/catalog/CourseCard.tsx';
import { formatHours } from '../../features/content/format.ts';
import { Pager } from '../../features/content/Pager.tsx';
import { QueryState } from '../../features/content/QueryState.tsx';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { Panel } from './Panel.tsx';

const PLAN_PAGE_SIZE = 8;

function PlanCourses({ plan }: { plan: catalogTypes.PlanItem }) {
  const [page, setPage] = useState(1);
  const q = useCallQuery(catalog.findCourseByPlan, { query: { planId: plan.id, pageNum: page, pageSize: PLAN_PAGE_SIZE } }, { keepPrevious: true });
  return (
    <div className="browser-courses">
      <p className="browser-note">
        {plan.description ? `${plan.description} ` : ''}要求 {formatHours(plan.requiredHours)} 学时，必修 {plan.requiredCount} 门，选修 {plan.electiveCount} 门。
      </p>
      <QueryState query={q} rows={4} isEmpty={(d) => d.list.length === 0} emptyText="该计划暂无课程">
        {(d) => {
          const required = new Map(d.list.map((c) => [c.id, c.required]));
          return (
            <>
              <CourseGrid courses={d.list} requiredOf={(id) => required.get(id) ?? false} />
              <Pager page={page} pageSize={PLAN_PAGE_SIZE} total={d.total} onChange={setPage} label="计划课程分页" />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}

function InstallPlans({ install }: { install: catalogTypes.InstallItem }) {
  const q = useCallQuery(catalog.findPlanByInstall, { query: { installId: install.id } });
  const [chosen, setChosen] = useState<number | null>(null);
  return (
    <QueryState query={q} rows={3} isEmpty={(d) => d.length === 0} emptyText="该培训暂无培训计划">
      {(plans) => {
        const plan = plans.find((p) => p.id === chosen) ?? plans[0];
        return (
          <>
            <div className="chips" role="group" aria-label="培训计划">
              {plans.map((p) => (
                <button key={p.id} type="button" className="chip" aria-pressed={p.id === plan?.id} onClick={() => setChosen(p.id)}>
                  {p.title}
                </button>
              ))}
            </div>
            {plan ? <PlanCourses key={plan.id} plan={plan} /> : null}
          </>
        );
      }}
    </QueryState>
  );
}

function YearInstalls({ yearId }: { yearId: number }) {
  const q = useCallQuery(catalog.findInstallByYear, { query: { yearId, pageNum: 1, pageSize: 50 } });
  const [chosen, setChosen] = useState<number | null>(null);
  return (
    <QueryState query={q} rows={3} isEmpty={(d) => d.list.length === 0} emptyText="该年度暂无培训安排">
      {(d) => {
        const install = d.list.find((i) => i.id === chosen) ?? d.list[0];
        return (
          <>
            <label className="field browser-select">
              <span>培训安排</span>
              <select value={install?.id} onChange={(e) => setChosen(Number(e.target.value))}>
                {d.list.map((i) => (
                  <option key={i.id} value={i.id}>
                    【{catalog.INSTALL_KIND_LABELS[i.kind]}】{i.title}
                  </option>
                ))}
              </select>
            </label>
            {install ? <InstallPlans key={install.id} install={install} /> : null}
          </>
        );
      }}
    </QueryState>
  );
}

export function CourseBrowser() {
  const years = useCallQuery(catalog.findYearList, {});
  const [chosen, setChosen] = useState<number | null>(null);
  return (
    <Panel id="home-browser" title="培训计划与课程" more={{ to: '/course', text: '课程分类' }}>
      <QueryState query={years} rows={4} isEmpty={(d) => d.length === 0} emptyText="暂无培训年度">
        {(list) => {
          const year = list.find((y) => y.id === chosen) ?? list[0];
          return (
            <>
              <div className="chips" role="group" aria-label="培训年度">
                {list.map((y) => (
                  <button key={y.id} type="button" className="chip" aria-pressed={y.id === year?.id} onClick={() => setChosen(y.id)}>
                    {y.name}
                  </button>
                ))}
              </div>
              {year ? <YearInstalls key={year.id} yearId={year.id} /> : null}
            </>
          );
        }}
      </QueryState>
    </Panel>
  );
}
