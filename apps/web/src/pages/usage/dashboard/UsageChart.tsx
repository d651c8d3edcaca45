import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { usePrefersReducedMotion } from '../../../lib/reduced-motion';
import { type SizeName, useSettingsStore } from '../../../stores/settings-store';

// Only what these two charts draw, so the page's chunk stays small (no full `echarts` import).
echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

const FONT: Record<SizeName, number> = { large: 14, default: 12, small: 11 };

interface Props {
  kind: 'bar' | 'line';
  labels: string[];
  values: number[];
  /** What a person hears for the chart (the table or list beside it has the figures). */
  ariaLabel: string;
  testId: string;
}

/**
 * One ECharts bar or line chart in the console's primary colour and component size (the shell's
 * settings), redrawn when they change and resized with its box, so it fits a phone's width too.
 */
export function UsageChart({ kind, labels, values, ariaLabel, testId }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const color = useSettingsStore((s) => s.color);
  const size = useSettingsStore((s) => s.size);
  const still = usePrefersReducedMotion();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const font = FONT[size];
    chart.current?.setOption(
      {
        animation: !still,
        color: [color],
        textStyle: { fontSize: font },
        grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
        tooltip: { trigger: 'axis' },
        xAxis: {
          type: 'category',
          data: labels,
          axisLabel: { fontSize: font, hideOverlap: true, width: 90, overflow: 'truncate' },
          boundaryGap: kind === 'bar',
        },
        yAxis: { type: 'value', minInterval: 1, axisLabel: { fontSize: font } },
        series: [
          kind === 'bar'
            ? { type: 'bar', data: values, barMaxWidth: 40 }
            : { type: 'line', data: values, smooth: false, symbolSize: 6, areaStyle: { opacity: 0.12 } },
        ],
      },
      true,
    );
  }, [kind, labels, values, color, size, still]);

  return <div ref={box} className="usage-chart" role="img" aria-label={ariaLabel} data-testid={testId} />;
}
