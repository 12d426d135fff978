/**
 * One ECharts chart: drawn into a canvas once ECharts has loaded, resized with its box, disposed on
 * unmount. `label` describes it to screen readers; the data is also given as a table by the page.
 */
import { useEffect, useRef, useState } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { LoadError, Skeleton } from '../content/QueryState.tsx';
import { loadECharts } from './echarts.ts';
import { useDisplay } from '../../lib/display.ts';
import { chartTheme, withContrast } from './contrast.ts';

export function Chart({ option, label, height = 320 }: { option: EChartsCoreOption; label: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  // In a high-contrast pair the chart is drawn in the pair (the canvas is out of display.css's reach).
  const { contrast } = useDisplay();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let alive = true;
    let dispose = () => undefined as void;
    loadECharts().then(
      (echarts) => {
        if (!alive) return;
        const chart = echarts.init(el, chartTheme(contrast), { renderer: 'canvas' });
        chart.setOption(withContrast(option, contrast));
        const observer = new ResizeObserver(() => chart.resize());
        observer.observe(el);
        dispose = () => {
          observer.disconnect();
          chart.dispose();
        };
        setState('ready');
      },
      (err: unknown) => {
        console.error('ECharts failed to load', err);
        if (alive) setState('failed');
      },
    );
    return () => {
      alive = false;
      dispose();
    };
  }, [option, attempt, contrast]);

  return (
    <div className="chart-frame">
      <div ref={box} className="chart-box" style={{ height }} role="img" aria-label={label} />
      {state === 'loading' ? (
        <div className="chart-overlay">
          <Skeleton rows={4} label="正在绘制图表…" />
        </div>
      ) : null}
      {state === 'failed' ? (
        <div className="chart-overlay">
          <LoadError
            message="图表加载失败。"
            onRetry={() => {
              setState('loading');
              setAttempt((a) => a + 1);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
