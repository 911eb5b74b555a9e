/** `npm run bench`: every benchmark, one `name value unit` line per figure. `npm run bench -- sync` runs one. */
import { type Figure, serverBench } from './serverBench.ts';
import { syncBench } from './syncBench.ts';

const print = (f: Figure) => console.log(`${f.name} ${f.value} ${f.unit}`);

const only = process.argv[2];
if (!only || only === 'server') await serverBench(print);
if (!only || only === 'sync') await syncBench(print);
