/** ECharts, loaded only when a chart is drawn (/charts): a separate chunk with just the parts used. */
export type EChartsModule = typeof import('echarts/core');

let loading: Promise<EChartsModule> | null = null;

export function loadECharts(): Promise<EChartsModule> {
  loading ??= import('./echartsSetup.ts')
    .then((m) => m.echarts)
    .catch((err: unknown) => {
      loading = null;
      throw err;
    });
  return loading;
}
