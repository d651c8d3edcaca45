/** Where `node build.mjs` writes the bundle that apps serve as /widget.js. */
export declare const WIDGET_OUTFILE: string;

/** Bundles src/main.ts (minified IIFE, es2019); `write: true` also writes it to WIDGET_OUTFILE. */
export declare function bundleWidget(options?: { write?: boolean }): Promise<{ code: string; outfile: string }>;

/** Rebuilds WIDGET_OUTFILE on every change of the sources (`npm run dev`). */
export declare function watchWidget(): Promise<{ dispose(): Promise<void> }>;
