import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { usePrefersReducedMotion } from '../../platform/lib/reduced-motion';
import { type SizeName, useSettingsStore } from '../../platform/stores/settings-store';

// Only what the console's charts draw, so the chart library adds little to the bundle.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

const FONT_SIZES: Record<SizeName, number> = { small: 11, default: 12, large: 14 };

/** The shell's settings as a chart uses them: primary colour, font size, and whether to animate. */
export function useChartTheme(): { color: string; fontSize: number; animation: boolean } {
  const color = useSettingsStore((s) => s.color);
  const size = useSettingsStore((s) => s.size);
  const still = usePrefersReducedMotion();
  return { color, fontSize: FONT_SIZES[size], animation: !still };
}

/**
 * Draws `option` (memoise it) into the returned box with ECharts, redrawn when it changes and
 * resized with the box, so a chart fits a phone's width. No option, or no box, draws nothing.
 */
export function useEChart(option: ChartOption | null) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || !option) return;
    const chart = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.setOption(option);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [option]);
  return box;
}
