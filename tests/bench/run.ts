/** `npm run bench`: every benchmark, one `name value unit` line per figure. `npm run bench -- sync` (or `server`, `map`, `import`, `tables`, `views`, `language`, `lighthouse`, `live`, `dashboard`, `route`, `turfs`, `load`, `chaos`, `phone`) runs one. */

import { dashboardBench } from './dashboard.ts';
import { importBench } from './importBench.ts';
import { languageBench } from './languageBench.ts';
import { lighthouseBench } from './lighthouseBench.ts';
import { liveBench } from './liveBench.ts';
import { mapBench } from './mapBench.ts';
import { type Figure, serverBench } from './serverBench.ts';
import { syncBench } from './syncBench.ts';
import { tablesBench } from './tablesBench.ts';
import { tableViewsBench } from './tableViewsBench.ts';

const print = (f: Figure) =>
  console.log(`${f.name} ${f.value} ${f.unit}${f.goal ? ` (goal ${f.goal})` : ''}`);

const only = process.argv[2];
if (!only || only === 'server') await serverBench(print);
if (!only || only === 'sync') await syncBench(print);
if (!only || only === 'map') await mapBench(print);
if (!only || only === 'import') await importBench(print);
if (!only || only === 'tables') await tablesBench(print);
if (!only || only === 'views') await tableViewsBench(print);
if (!only || only === 'language') await languageBench(print);
if (!only || only === 'lighthouse') await lighthouseBench(print);
if (!only || only === 'live') await liveBench(print);
if (!only || only === 'dashboard') await dashboardBench(print);
if (!only || only === 'turfs') await (await import('./turfBench.ts')).turfBench(print);
if (!only || only === 'route') await (await import('./routeBench.ts')).routeBench(print);
if (!only || only === 'load') await (await import('./loadBench.ts')).loadBench(print);
if (!only || only === 'chaos') await (await import('./chaosBench.ts')).chaosBench(print);
if (!only || only === 'phone') await (await import('./phoneBench.ts')).phoneBench(print);
