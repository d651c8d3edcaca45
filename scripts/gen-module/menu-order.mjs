/**
 * The new feature's menu page goes last in its directory: the post feature's manifest places its
 * page by an order number unique in the directory (the menu test holds them to it), so the copy
 * takes the next free step after every page the manifests already place there.
 */
const PLACEMENT = /under: '(\w+)',\s*order: (\d+)/g;

export function placeLast(repo, manifest) {
  const highest = new Map();
  for (const f of repo.files('apps/server/src/modules').filter((x) => x.endsWith('/module.ts'))) {
    for (const [, under, order] of repo.read(f).matchAll(PLACEMENT)) {
      highest.set(under, Math.max(highest.get(under) ?? 0, Number(order)));
    }
  }
  return manifest.replace(
    PLACEMENT,
    (_, under) => `under: '${under}',\n      order: ${(highest.get(under) ?? 0) + 10}`,
  );
}
