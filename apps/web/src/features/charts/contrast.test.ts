import { describe, expect, it } from 'vitest';
import { chartTheme, withContrast } from './contrast.ts';

describe('charts in the high-contrast pairs', () => {
  it('every colour the option names becomes the text colour of the pair; the standard look is untouched', () => {
    const option = { color: ['#a61b1b', '#d4502f'], series: [{ type: 'bar', itemStyle: { color: '#a61b1b' }, data: [1, 2] }], yAxis: { splitLine: { lineStyle: { color: '#f0f0f0' } } } };
    expect(withContrast(option, 'none')).toBe(option);
    expect(withContrast(option, 'yellowOnBlack')).toEqual({ color: ['#ffff00', '#ffff00'], series: [{ type: 'bar', itemStyle: { color: '#ffff00' }, data: [1, 2] }], yAxis: { splitLine: { lineStyle: { color: '#ffff00' } } } });
  });
  it('the theme draws text and axes in the pair, and none in the standard look', () => {
    expect(chartTheme('none')).toBeUndefined();
    expect(chartTheme('blackOnYellow')).toMatchObject({ backgroundColor: '#ffff00', textStyle: { color: '#000000' }, valueAxis: { axisLabel: { color: '#000000' } } });
  });
});
