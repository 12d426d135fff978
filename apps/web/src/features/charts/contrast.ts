/**
 * ECharts in the high-contrast pairs: a chart is drawn on a canvas, which display.css cannot
 * reach, so the chart itself is drawn in the pair. Every colour the page's option names becomes the
 * text's colour, and a theme gives the rest (axes, labels, legend, tooltip) the same; the slices of a pie
 * are told apart by gaps in the background's colour and by their labels.
 */
import type { DisplaySettings } from '@portal/contract';

const PAIRS = { blackOnYellow: { fg: '#000000', bg: '#ffff00' }, yellowOnBlack: { fg: '#ffff00', bg: '#000000' } } as const;

/** The theme for echarts.init in a contrast pair; undefined in the standard colours. */
export function chartTheme(contrast: DisplaySettings['contrast']): object | undefined {
  if (contrast === 'none') return undefined;
  const { fg, bg } = PAIRS[contrast];
  const axis = {
    axisLine: { lineStyle: { color: fg } },
    axisTick: { lineStyle: { color: fg } },
    axisLabel: { color: fg },
    splitLine: { lineStyle: { color: fg, type: 'dashed' } },
    nameTextStyle: { color: fg },
  };
  return {
    color: [fg],
    backgroundColor: bg,
    textStyle: { color: fg },
    legend: { textStyle: { color: fg }, pageTextStyle: { color: fg }, pageIconColor: fg },
    tooltip: { backgroundColor: bg, borderColor: fg, textStyle: { color: fg } },
    categoryAxis: axis,
    valueAxis: axis,
    bar: { label: { color: fg } },
    line: { label: { color: fg } },
    pie: { itemStyle: { borderColor: bg, borderWidth: 3 }, label: { color: fg, textBorderWidth: 0 }, labelLine: { lineStyle: { color: fg } } },
  };
}

/** The option with every colour it names (series, bars, lines, split lines) in the pair's text colour. */
export function withContrast<T>(option: T, contrast: DisplaySettings['contrast']): T {
  if (contrast === 'none') return option;
  const { fg } = PAIRS[contrast];
  const recolour = (v: unknown, key = ''): unknown => {
    if (key === 'color' || key === 'borderColor') return Array.isArray(v) ? v.map(() => fg) : typeof v === 'string' ? fg : v;
    if (Array.isArray(v)) return v.map((x) => recolour(x));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, recolour(x, k)]));
    return v;
  };
  return recolour(option) as T;
}
