import type { BuildOptions } from 'esbuild';

export function bundleOptions(
  serverRoot: string,
): Required<Pick<BuildOptions, 'bundle' | 'platform' | 'target' | 'format' | 'external' | 'banner'>>;
