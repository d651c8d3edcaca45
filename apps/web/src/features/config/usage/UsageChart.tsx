import { useMemo } from 'react';
import { useChartTheme, useEChart } from '../../../ui/charts/use-echart';

interface Props {
  kind: 'bar' | 'line';
  labels: string[];
  values: number[];
  /** What a person hears for the chart (the table or list beside it has the figures). */
  ariaLabel: string;
  testId: string;
}

/**
 * One bar or line chart of the usage report in the console's colour and size settings (the
 * shared ECharts hook redraws it when they change and resizes it with its box).
 */
export function UsageChart({ kind, labels, values, ariaLabel, testId }: Props) {
  const { color, fontSize, animation } = useChartTheme();
  const option = useMemo(
    () => ({
      animation,
      color: [color],
      textStyle: { fontSize },
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis' },
      xAxis: {
        type: 'category',
        data: labels,
        axisLabel: { fontSize, hideOverlap: true, width: 90, overflow: 'truncate' },
        boundaryGap: kind === 'bar',
      },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { fontSize } },
      series: [
        kind === 'bar'
          ? { type: 'bar', data: values, barMaxWidth: 40 }
          : { type: 'line', data: values, smooth: false, symbolSize: 6, areaStyle: { opacity: 0.12 } },
      ],
    }),
    [kind, labels, values, color, fontSize, animation],
  );
  const box = useEChart(option);
  return <div ref={box} className="usage-chart" role="img" aria-label={ariaLabel} data-testid={testId} />;
}
