/**
 * The API reference page: the OpenAPI document drawn as plain HTML on the server, grouped by tag,
 * each operation with its parameters, body schema and answers. No script, one inline style sheet
 * (allowed by the app's Content-Security-Policy).
 */
import type { JsonSchema, OpenApiDocument, OpenApiOperation, OpenApiParameter } from './document.ts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/** `backticked` words as code, the rest escaped. */
function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** The id of an operation's heading, for links. */
function anchor(operationId: string): string {
  return `op-${operationId.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** Follows a `#/components/...` reference within the document. */
function resolve(doc: OpenApiDocument, ref: string): unknown {
  let node: unknown = doc;
  for (const part of ref.replace(/^#\//, '').split('/')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

function parameterRows(doc: OpenApiDocument, op: OpenApiOperation): string {
  const params = op.parameters.map((p) => ('$ref' in p ? (resolve(doc, p.$ref) as OpenApiParameter) : p));
  if (!params.length) return '';
  const rows = params
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td>` +
        `<td><code>${escapeHtml(JSON.stringify(p.schema))}</code>${p.description ? `<br>${prose(p.description)}` : ''}</td></tr>`,
    )
    .join('');
  return `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function bodySection(doc: OpenApiDocument, op: OpenApiOperation): string {
  if (!op.requestBody) return '';
  const parts = Object.entries(op.requestBody.content).map(([type, { schema }]) => {
    const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
    const shown = ref ? (resolve(doc, ref) as JsonSchema) : schema;
    const name = ref ? ` <code>${escapeHtml(ref.split('/').pop() ?? '')}</code>` : '';
    const body = Object.keys(shown).length
      ? `<pre tabindex="0">${escapeHtml(JSON.stringify(shown, null, 2))}</pre>`
      : '';
    return `<p>Body (<code>${escapeHtml(type)}</code>)${name}</p>${body}`;
  });
  const description = op.requestBody.description ? `<p>${prose(op.requestBody.description)}</p>` : '';
  return `<section><h4>Request body</h4>${description}${parts.join('')}</section>`;
}

/** The schema of a success answer, when the document has more than the bare envelope. */
function answerSchema(doc: OpenApiDocument, answer: unknown): string {
  const content = (answer as { content?: Record<string, { schema?: { $ref?: string } }> }).content;
  const ref = content?.['application/json']?.schema?.$ref;
  if (!ref || ref.endsWith('/Success')) return '';
  return `<pre tabindex="0">${escapeHtml(JSON.stringify(resolve(doc, ref), null, 2))}</pre>`;
}

function responseList(doc: OpenApiDocument, op: OpenApiOperation): string {
  const items = Object.entries(op.responses).map(([status, answer]) => {
    const ref = (answer as { $ref?: string }).$ref;
    const shown = (ref ? resolve(doc, ref) : answer) as { description?: string };
    return `<li><strong>${escapeHtml(status)}</strong>: ${prose(shown?.description ?? '')}${answerSchema(doc, shown)}</li>`;
  });
  return `<section><h4>Answers</h4><ul>${items.join('')}</ul></section>`;
}

function operationSection(doc: OpenApiDocument, path: string, method: string, op: OpenApiOperation): string {
  const access = op.security.length ? 'Needs a session' : 'Public';
  return (
    `<article id="${anchor(op.operationId)}"><h3><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>` +
    `<p>${prose(op.summary)}. <span class="access">${access}</span></p>` +
    (op.description ? `<p>${prose(op.description)}</p>` : '') +
    parameterRows(doc, op) +
    bodySection(doc, op) +
    responseList(doc, op) +
    '</article>'
  );
}

const STYLE = `
:root { color-scheme: light dark; --fg: #1a1b1e; --bg: #ffffff; --muted: #495057; --line: #dee2e6; --code: #f1f3f5; --accent: #1c56b0; }
@media (prefers-color-scheme: dark) { :root { --fg: #e9ecef; --bg: #1a1b1e; --muted: #ced4da; --line: #495057; --code: #25262b; --accent: #a5c8ff; } }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
header, main { max-width: 960px; margin: 0 auto; padding: 0 16px; }
nav ul { display: flex; flex-wrap: wrap; gap: 8px 16px; padding: 0; list-style: none; }
a { color: var(--accent); }
article { border-top: 1px solid var(--line); padding: 8px 0; }
h3 { font-size: 1.05rem; overflow-wrap: anywhere; }
.method { font-weight: 700; }
.access { color: var(--muted); }
code, pre { background: var(--code); border-radius: 4px; font-size: 0.875rem; }
code { padding: 0 4px; overflow-wrap: anywhere; }
pre { padding: 8px; overflow: auto; max-height: 24rem; }
table { border-collapse: collapse; width: 100%; margin: 8px 0; }
caption { text-align: left; font-weight: 600; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
`;

export function referencePage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>(doc.tags.map((tag) => [tag.name, []]));
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)?.push(operationSection(doc, path, method, op));
    }
  }
  const described = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
  const groups = [...byTag].filter(([, ops]) => ops.length);
  const nav = groups
    .map(([tag]) => `<li><a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a></li>`)
    .join('');
  const sections = groups
    .map(
      ([tag, ops]) =>
        `<section aria-labelledby="tag-${escapeHtml(tag)}"><h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>` +
        `<p>${prose(described.get(tag) ?? '')}</p>${ops.join('')}</section>`,
    )
    .join('');
  const title = `${doc.info.title} ${doc.info.version}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} reference</title><style>${STYLE}</style></head>
<body><header><p><a href="/api/openapi.json">OpenAPI 3.1 document (JSON)</a></p><nav aria-label="Groups"><ul>${nav}</ul></nav></header>
<main><h1>${escapeHtml(title)}</h1><p>${prose(doc.info.description)}</p>${sections}</main></body></html>`;
}
