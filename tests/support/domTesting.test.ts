// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { briefNode } from './domTesting.ts';

describe('a DOM node in a logged warning', () => {
  it('prints as its tag, id and classes; other values as they are', () => {
    const div = document.createElement('div');
    div.id = 'menu';
    div.className = 'a b';
    expect(briefNode(div)).toBe('<div#menu.a.b>');
    expect(briefNode(document.createElement('span'))).toBe('<span>');
    expect(briefNode(document.createTextNode('x'))).toBe('<#text>');
    expect(briefNode('text')).toBe('text');
    expect(briefNode({ a: 1 })).toEqual({ a: 1 });
  });
});
