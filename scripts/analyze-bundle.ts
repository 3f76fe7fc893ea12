/** Prints the biggest modules of the site's bundle (raw bytes before minification), grouped by package. */
import { rspack } from '@rspack/core';
import configs from '../rspack.config.ts';

const site = (configs as import('@rspack/core').Configuration[]).find((c) => c.name === 'site');
if (!site) throw new Error('no site config');
const compiler = rspack({ ...site, output: { ...site.output, path: '/tmp/analyze-dist' } });
compiler.run((error, stats) => {
  if (error || !stats) throw error;
  const json = stats.toJson({ modules: true, nestedModules: true });
  const sizes = new Map<string, number>();
  const flat: Array<[number, string]> = [];
  const walk = (mods: typeof json.modules) => {
    for (const m of mods ?? []) {
      if (m.modules?.length) walk(m.modules);
      else flat.push([m.size ?? 0, m.name ?? '?']);
    }
  };
  walk(json.modules);
  for (const [size, name] of flat) {
    const key =
      name.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1] ?? name.match(/\.\/src\/([^/]+)/)?.[0] ?? name;
    sizes.set(key, (sizes.get(key) ?? 0) + size);
  }
  console.log([...sizes].sort((a, b) => b[1] - a[1]).slice(0, 20));
  console.log(
    flat
      .filter(([, n]) => n.includes('/src/'))
      .sort((a, b) => b[0] - a[0])
      .slice(0, 25),
  );
  compiler.close(() => {});
});
