/** Hours by category (pie) and by month (bars), on ECharts loaded only here. */
import { useEffect, useRef } from 'react';
import type { learning } from '@portal/contract';
import { BRAND } from '../../lib/theme.ts';
import { useDisplay } from '../../lib/display.ts';
import { chartTheme, withContrast } from '../charts/contrast.ts';

type Stats = learning.YearStatistics;

async function loadEcharts() {
  const [core, charts, components, renderers] = await Promise.all([import('echarts/core'), import('echarts/charts'), import('echarts/components'), import('echarts/renderers')]);
  core.use([charts.PieChart, charts.BarChart, components.TooltipComponent, components.GridComponent, components.LegendComponent, renderers.CanvasRenderer]);
  return core;
}

export function HoursCharts({ stats }: { stats: Stats }) {
  const pieRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  // In a high-contrast pair the charts are drawn in the pair (the canvas is out of display.css's reach).
  const { contrast } = useDisplay();
  useEffect(() => {
    let disposed = false;
    const cleanups: (() => void)[] = [];
    void loadEcharts().then((echarts) => {
      if (disposed || !pieRef.current || !barRef.current) return;
      const pie = echarts.init(pieRef.current, chartTheme(contrast));
      pie.setOption(withContrast({
        color: [BRAND, '#d4502f', '#f5c253', '#4f7cac', '#6aa84f', '#8e7cc3', '#999'],
        tooltip: { trigger: 'item', formatter: '{b}: {c}学时 ({d}%)' },
        legend: { bottom: 0, type: 'scroll' },
        series: [{ type: 'pie', radius: ['35%', '65%'], data: stats.byCategory.map((c) => ({ name: c.category, value: c.hours })) }],
      }, contrast));
      const bar = echarts.init(barRef.current, chartTheme(contrast));
      bar.setOption(withContrast({
        color: [BRAND],
        tooltip: { trigger: 'axis' },
        grid: { left: 40, right: 16, top: 24, bottom: 32 },
        xAxis: { type: 'category', data: stats.byMonth.map((m) => `${m.month}月`) },
        yAxis: { type: 'value', name: '学时' },
        series: [{ type: 'bar', data: stats.byMonth.map((m) => m.hours), barMaxWidth: 28 }],
      }, contrast));
      const resize = () => {
        pie.resize();
        bar.resize();
      };
      window.addEventListener('resize', resize);
      cleanups.push(() => {
        window.removeEventListener('resize', resize);
        pie.dispose();
        bar.dispose();
      });
    });
    return () => {
      disposed = true;
      cleanups.forEach((c) => c());
    };
  }, [stats, contrast]);

  return (
    <div className="stats-charts">
      <figure className="lc-card stats-chart">
        <figcaption>按课程分类</figcaption>
        {stats.byCategory.length === 0 ? <p className="lc-muted">本年度还没有完成的课程</p> : null}
        <div ref={pieRef} className="stats-canvas" role="img" aria-label={`按分类：${stats.byCategory.map((c) => `${c.category}${c.hours}学时`).join('，') || '暂无'}`} hidden={stats.byCategory.length === 0} />
      </figure>
      <figure className="lc-card stats-chart">
        <figcaption>按月份</figcaption>
        <div ref={barRef} className="stats-canvas" role="img" aria-label={`按月份：${stats.byMonth.filter((m) => m.hours > 0).map((m) => `${m.month}月${m.hours}学时`).join('，') || '暂无'}`} />
      </figure>
    </div>
  );
}
