import { gzipSync } from 'node:zlib';
import { bundleWidget } from './bundle.mjs';

const { code, outfile } = await bundleWidget({ write: true });
const gzip = gzipSync(code).length;
console.log(`widget: ${outfile} (${code.length} bytes, ${gzip} gzip)`);
