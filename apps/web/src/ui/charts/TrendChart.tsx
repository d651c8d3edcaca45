import { Empty, Spin } from 'antd';
import { useMemo } from 'react';
import { COLOR_PRESETS } from '../../platform/stores/settings-store';
import { useChartTheme, useEChart } from './use-echart';
import './trend-chart.css';

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

/** The console's colour first, then the presets that differ from it, so series stay apart. */
export function seriesColors(primary: string): string[] {
  return [primary, ...COLOR_PRESETS.filter((c) => c.toUpperCase() !== primary.toUpperCase() && c !== '#1677FF')];
}

/**
 * A line chart of daily figures (ECharts), in the console's colour and size settings; it follows
 * its box's width (a phone's included) and shows loading and empty states of its own.
 */
export function TrendChart({ labels, series, loading, emptyText, testId, ariaLabel }: Props) {
  const { color, fontSize, animation } = useChartTheme();
  const empty = !loading && series.every((s) => s.values.every((v) => v === 0));
  const option = useMemo(
    () =>
      loading || empty
        ? null
        : {
            animation,
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
          },
    [labels, series, loading, empty, color, fontSize, animation],
  );
  const box = useEChart(option);

  if (loading)
    return (
      // Keyed per state: the chart's box holds nodes ECharts drew, which React must never reuse.
      <div key="loading" className="trend-chart trend-chart-state" data-testid={testId} data-state="loading">
        <Spin />
      </div>
    );
  if (empty)
    return (
      <div key="empty" className="trend-chart trend-chart-state" data-testid={testId} data-state="empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      </div>
    );
  return (
    <div
      key="ready"
      ref={box}
      className="trend-chart"
      data-testid={testId}
      data-state="ready"
      role="img"
      aria-label={ariaLabel}
    />
  );
}
