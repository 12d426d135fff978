/**
 * /charts: rankings and statistics as charts (ECharts, loaded only here): learner, unit and city
 * rankings by year, registered people by city, hours and people certified by month. Each chart has
 * its data as a table too, for screen readers and for copying.
 */
import { useMemo, useState, type ReactNode } from 'react';
import type { content as contentTypes } from '@portal/contract';
import { catalog, content } from '@portal/contract/refs';
import { Chart } from '../../features/charts/Chart.tsx';
import { columnOption, monthOption, rankingBarOption, type NamedValue } from '../../features/charts/options.ts';
import { formatHours } from '../../features/content/format.ts';
import { QueryState } from '../../features/content/QueryState.tsx';
import { useCallQuery } from '../../api/useCallQuery.ts';
import '../../features/content/public.css';
import './charts.css';

function DataTable({ caption, rows, unit }: { caption: string; rows: NamedValue[]; unit: string }) {
  return (
    <details className="chart-data">
      <summary>查看数据</summary>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">名称</th>
            <th scope="col">{unit}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name}>
              <td>{r.name}</td>
              <td>{formatHours(r.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function ChartPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="panel chart-panel" aria-labelledby={id}>
      <h2 id={id} className="panel-title chart-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function RankingChart({ id, title, rows, seriesName }: { id: string; title: string; rows: NamedValue[]; seriesName: string }) {
  const option = useMemo(() => rankingBarOption(rows, '学时', seriesName), [rows, seriesName]);
  return (
    <ChartPanel id={id} title={title}>
      {rows.length === 0 ? (
        <div className="state-box state-empty">该年度暂无学时记录</div>
      ) : (
        <>
          <Chart option={option} label={`${title}：${rows.map((r) => `${r.name}${formatHours(r.value)}学时`).join('，')}`} height={Math.max(220, rows.length * 34)} />
          <DataTable caption={title} rows={rows} unit="学时" />
        </>
      )}
    </ChartPanel>
  );
}

function YearCharts({ year }: { year: number }) {
  const ranking = useCallQuery(content.totalRanking, { query: { year, size: 10 } });
  const months = useCallQuery(content.findHoursByMonth, { query: { year } });
  const monthOpt = useMemo(() => (months.data ? monthOption(months.data.months) : null), [months.data]);
  const rows = useMemo(() => {
    const d = ranking.data;
    const of = (list: contentTypes.RankingRow[], withUnit: boolean) => list.map((r) => ({ name: withUnit && r.organName ? `${r.name}（${r.organName}）` : r.name, value: r.hours }));
    return d ? { learners: of(d.learners, true), units: of(d.units, false), cities: of(d.cities, false) } : null;
  }, [ranking.data]);
  return (
    <>
      <QueryState query={ranking} rows={8}>
        {() =>
          rows ? (
            <div className="chart-grid">
              <RankingChart id="chart-learners" title={`${year}年度学员学时排行`} rows={rows.learners} seriesName="学员学时" />
              <RankingChart id="chart-units" title={`${year}年度单位学时排行`} rows={rows.units} seriesName="单位学时" />
              <RankingChart id="chart-cities" title={`${year}年度地市学时排行`} rows={rows.cities} seriesName="地市学时" />
            </div>
          ) : null
        }
      </QueryState>
      <ChartPanel id="chart-months" title={`${year}年度各月学时`}>
        <QueryState query={months} rows={6} isEmpty={(d) => d.months.every((m) => m.hours === 0)} emptyText="该年度暂无学时记录">
          {(d) =>
            monthOpt ? (
              <>
                <Chart option={monthOpt} label={`${year}年度各月学时：${d.months.map((m) => `${m.month}月${formatHours(m.hours)}学时、${m.learners}人`).join('，')}`} />
                <DataTable caption={`${year}年度各月学时`} rows={d.months.map((m) => ({ name: `${m.month}月`, value: m.hours }))} unit="学时" />
              </>
            ) : null
          }
        </QueryState>
      </ChartPanel>
    </>
  );
}

function RegisteredByCity() {
  const q = useCallQuery(content.registerNum, {});
  const rows = useMemo(() => (q.data ?? []).map((c) => ({ name: c.cityName, value: c.count })), [q.data]);
  const option = useMemo(() => columnOption(rows, '注册人数'), [rows]);
  return (
    <ChartPanel id="chart-register" title="各市注册人数">
      <QueryState query={q} rows={6} isEmpty={(d) => d.length === 0} emptyText="暂无注册数据">
        {() => (
          <>
            <Chart option={option} label={`各市注册人数：${rows.map((r) => `${r.name}${r.value}人`).join('，')}`} />
            <DataTable caption="各市注册人数" rows={rows} unit="人数" />
          </>
        )}
      </QueryState>
    </ChartPanel>
  );
}

export default function ChartsPage() {
  const years = useCallQuery(catalog.findYearList, {});
  const [chosen, setChosen] = useState<number | null>(null);
  return (
    <div className="page-container">
      <h1 className="page-title">排行统计</h1>
      <p className="page-lead">按年度统计的学员、单位、地市学时排行，各市注册人数与各月学时。</p>
      <QueryState query={years} rows={2} isEmpty={(d) => d.length === 0} emptyText="暂无培训年度">
        {(list) => {
          const year = chosen ?? list[0]?.year ?? new Date().getFullYear();
          return (
            <>
              <div className="chips" role="group" aria-label="统计年度">
                {list.map((y) => (
                  <button key={y.id} type="button" className="chip" aria-pressed={y.year === year} onClick={() => setChosen(y.year)}>
                    {y.name}
                  </button>
                ))}
              </div>
              <div className="chart-stack">
                <YearCharts key={year} year={year} />
                <RegisteredByCity />
              </div>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
