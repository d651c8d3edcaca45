import type { Plugin } from 'vite';

/**
 * What the sign-in page must never load: antd and its runtime, the query cache, charts and zod.
 * They belong to the shell and its pages, which are chunks of their own (app/router/ShellEntry.tsx).
 */
const SHELL_ONLY = /node_modules[\\/](antd|@rc-component|@ant-design[\\/]cssinjs|@tanstack|echarts|zod)[\\/]/;

/**
 * Fails the build when the entry chunk, or any chunk it imports statically (everything the sign-in
 * page downloads before it draws), contains a shell-only module: one static import from the wrong
 * place would otherwise bring antd back to the sign-in page without anyone noticing.
 */
export function signInEntryGuard(): Plugin {
  return {
    name: 'sign-in-entry-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((out) => out.type === 'chunk' && out.isEntry);
      if (!entry) return;
      const reached = new Set<string>();
      const pending = [entry.fileName];
      for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
        const out = bundle[file];
        if (reached.has(file) || out?.type !== 'chunk') continue;
        reached.add(file);
        pending.push(...out.imports);
      }
      const offenders = [...reached].flatMap((file) => {
        const out = bundle[file];
        return out?.type === 'chunk' ? Object.keys(out.modules).filter((id) => SHELL_ONLY.test(id)) : [];
      });
      if (offenders.length) {
        const shown = offenders.slice(0, 5).map((id) => id.replace(/.*node_modules[\\/]/, ''));
        this.error(`The sign-in page would load shell-only modules (${offenders.length}), e.g. ${shown.join(', ')}`);
      }
    },
  };
}
