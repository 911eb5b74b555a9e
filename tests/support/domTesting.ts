/**
 * Unit test set-up (vitest.config.ts `setupFiles`): how long a screen test waits for what it looks
 * for (`findBy…`, `waitFor`). The suite runs two files per core beside PostgreSQL, and on a loaded
 * machine a screen can take seconds to show a dialog or a toast: the availability screen's save
 * through the in-memory IndexedDB took about 1 s beside four busy cores, and its toast had not
 * come after five seconds in a full CI run. Fifteen seconds still fails a test whose element
 * never comes, well before the test's own time limit (30 s); a test that passes waits no longer
 * than its screen takes.
 *
 * A warning or error logged with a DOM node (a library pointing at an element) prints the node as
 * its tag, id and classes: printed whole, a node drags in React's fiber tree, thousands of lines.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 15_000 });

/** An element as a line: `<div#id.class1.class2>`; other values as they are. */
export function briefNode(value: unknown): unknown {
  if (typeof Node === 'undefined' || !(value instanceof Node)) return value;
  if (!(value instanceof Element)) return `<${value.nodeName.toLowerCase()}>`;
  const id = value.id ? `#${value.id}` : '';
  const classes = [...value.classList].map((c) => `.${c}`).join('');
  return `<${value.tagName.toLowerCase()}${id}${classes}>`;
}

for (const level of ['warn', 'error'] as const) {
  const write = console[level].bind(console);
  console[level] = (...args: unknown[]) => write(...args.map(briefNode));
}
