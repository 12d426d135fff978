/** ECharts options of the /charts page, built from the contract's statistics (pure functions). */
import type { EChartsCoreOption } from 'echarts/core';
import { BRAND } from '../../lib/theme.ts';

const GOLD = '#d48806';

export interface NamedValue {
  name: string;
  value: number;
}

/** A horizontal ranking bar chart, the first place on top. */
export function rankingBarOption(rows: NamedValue[], unit: string, seriesName: string): EChartsCoreOption {
  const shown = [...rows].reverse();
  return {
    grid: { left: 8, right: 56, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', name: unit, splitLine: { lineStyle: { color: '#f0f0f0' } } },
    yAxis: { type: 'category', data: shown.map((r) => r.name), axisLabel: { width: 120, overflow: 'truncate' } },
    series: [{ name: seriesName, type: 'bar', data: shown.map((r) => r.value), itemStyle: { color: BRAND }, label: { show: true, position: 'right' }, barMaxWidth: 22 }],
  };
}

/** A vertical bar chart of counts by category (registered people by city). */
export function columnOption(rows: NamedValue[], seriesName: string): EChartsCoreOption {
  return {
    grid: { left: 8, right: 8, top: 24, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: rows.map((r) => r.name), axisLabel: { interval: 0, rotate: rows.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value', splitLine: { lineStyle: { color: '#f0f0f0' } } },
    series: [{ name: seriesName, type: 'bar', data: rows.map((r) => r.value), itemStyle: { color: BRAND }, label: { show: true, position: 'top' }, barMaxWidth: 36 }],
    // On a phone-wide chart the category names run into each other: slanted, each has room.
    media: [{ query: { maxWidth: 480 }, option: { xAxis: { axisLabel: { rotate: 45 } } } }],
  };
}

/** Hours (bars) and people certified (line) in each month of a year. */
export function monthOption(months: { month: number; hours: number; learners: number }[]): EChartsCoreOption {
  return {
    grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    legend: { data: ['学时', '人数'], top: 0 },
    xAxis: { type: 'category', data: months.map((m) => `${m.month}月`) },
    yAxis: [
      { type: 'value', name: '学时', splitLine: { lineStyle: { color: '#f0f0f0' } } },
      { type: 'value', name: '人数', splitLine: { show: false } },
    ],
    series: [
      { name: '学时', type: 'bar', data: months.map((m) => m.hours), itemStyle: { color: BRAND }, barMaxWidth: 28 },
      { name: '人数', type: 'line', yAxisIndex: 1, data: months.map((m) => m.learners), itemStyle: { color: GOLD }, smooth: true },
    ],
  };
}
