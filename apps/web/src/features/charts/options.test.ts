import { describe, expect, it } from 'vitest';
import { columnOption, monthOption, rankingBarOption } from './options.ts';

describe('chart options', () => {
  it('puts the first place of a ranking on top', () => {
    const o = rankingBarOption(
      [
        { name: '长治市', value: 553.5 },
        { name: '太原市', value: 494.5 },
      ],
      '学时',
      '地市学时',
    ) as { yAxis: { data: string[] }; series: { data: number[] }[] };
    expect(o.yAxis.data).toEqual(['太原市', '长治市']);
    expect(o.series[0]?.data).toEqual([494.5, 553.5]);
  });
  it('labels months and keeps both series', () => {
    const o = monthOption([
      { month: 1, hours: 10, learners: 2 },
      { month: 2, hours: 5, learners: 1 },
    ]) as { xAxis: { data: string[] }; series: { name: string; data: number[] }[] };
    expect(o.xAxis.data).toEqual(['1月', '2月']);
    expect(o.series.map((s) => s.name)).toEqual(['学时', '人数']);
  });
  it('rotates crowded column labels', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ name: `市${i}`, value: i }));
    const o = columnOption(rows, '注册人数') as { xAxis: { axisLabel: { rotate: number } } };
    expect(o.xAxis.axisLabel.rotate).toBe(30);
  });
});
