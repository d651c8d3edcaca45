import { Empty, Spin } from 'antd';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { COLOR_PRESETS, type SizeName, useSettingsStore } from '../../stores/settings-store';
import './trend-chart.css';

// Only what line trends need, so the chart library adds little to the bundle.
echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface TrendSeries {
  name: string;
  values: number[];
}

interface Props {
  /** The x axis: one label per point (days). */
  labels: string[];
  series: TrendSeries[];
  loading?: boolean;
  /** Shown instead of the chart when every value is zero. */
  emptyText: string;
  testId?: string;
  /** Accessible summary of the chart (the canvas itself says nothing to a screen reader). */
  ariaLabel: string;
}

const FONT_SIZES: Record<SizeName, number> = { small: 11, default: 12, large: 14 };

/** The console's colour first, then the presets that differ from it, so series stay apart. */
export function seriesColors(primary: string): string[] {
  return [primary, ...COLOR_PRESETS.filter((c) => c.toUpperCase() !== primary.toUpperCase() && c !== '#1677FF')];
}

/**
 * A line chart of daily figures (ECharts), in the console's colour and size settings; it follows
 * its box's width (a phone's included) and shows loading and empty states of its own.
 */
export function TrendChart({ labels, series, loading, emptyText, testId, ariaLabel }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const color = useSettingsStore((s) => s.color);
  const size = useSettingsStore((s) => s.size);
  const empty = !loading && series.every((s) => s.values.every((v) => v === 0));

  useEffect(() => {
    const el = box.current;
    if (!el || loading || empty) return;
    const chart = echarts.init(el);
    const fontSize = FONT_SIZES[size];
    chart.setOption({
      color: seriesColors(color),
      textStyle: { fontSize },
      tooltip: { trigger: 'axis' },
      legend: { type: 'scroll', top: 0, textStyle: { fontSize } },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: labels, boundaryGap: false, axisLabel: { fontSize, hideOverlap: true } },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { fontSize } },
      series: series.map((s) => ({
        name: s.name,
        type: 'line',
        smooth: true,
        showSymbol: labels.length <= 31,
        data: s.values,
      })),
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [labels, series, loading, empty, color, size]);

  if (loading)
    return (
      <div className="trend-chart trend-chart-state" data-testid={testId} data-state="loading">
        <Spin />
      </div>
    );
  if (empty)
    return (
      <div className="trend-chart trend-chart-state" data-testid={testId} data-state="empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      </div>
    );
  return (
    <div ref={box} className="trend-chart" data-testid={testId} data-state="ready" role="img" aria-label={ariaLabel} />
  );
}
