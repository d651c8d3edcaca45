// How the server's code is bundled with esbuild, for the build (build.mjs) and for worker threads
// started from the sources (src/lib/worker-thread.ts): npm dependencies stay external (loaded from
// node_modules at run time); the workspace contracts package is TypeScript, so it is bundled.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** esbuild options shared by every bundle of the server; `serverRoot` holds its package.json. */
export function bundleOptions(serverRoot) {
  const pkg = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies ?? {});
  return {
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: [...external, ...external.map((d) => `${d}/*`)],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  };
}
