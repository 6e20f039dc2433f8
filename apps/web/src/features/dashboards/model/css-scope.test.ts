import { describe, expect, it } from 'vitest';
import { scopeClassName, scopeCss } from './css-scope';

describe('scopeCss', () => {
  it('prefixes every selector with the card class', () => {
    expect(scopeCss('.card { font-weight: bold; }\nh1, .b > p { color: red }', '.s')).toBe(
      '.s .card { font-weight: bold }\n.s h1, .s .b > p { color: red }',
    );
  });
  it('maps the document roots to the card itself', () => {
    expect(scopeCss('body { margin: 0 } :root .x { color: red }', '.s')).toBe('.s { margin: 0 }\n.s .x { color: red }');
  });
  it('scopes rules inside media queries and keeps keyframes', () => {
    const out = scopeCss(
      '@media (max-width: 400px) { .v { font-size: 12px } } @keyframes f { from { opacity: 0 } }',
      '.s',
    );
    expect(out).toContain('@media (max-width: 400px) {\n.s .v { font-size: 12px }\n}');
    expect(out).toContain('@keyframes f { from { opacity: 0 } }');
  });
  it('drops imports, comments and script URLs', () => {
    const out = scopeCss(
      '@import url(https://evil/x.css); /* c */ .a { background: url(javascript:alert(1)); color: blue } @font-feature-values x { }',
      '.s',
    );
    expect(out).toBe('.s .a { color: blue }');
    expect(scopeCss('.a { background: url("data:text/html,<x>") }', '.s')).toBe('.s .a {  }');
  });
  it('makes a selector-safe class from any widget id', () => {
    expect(scopeClassName('a b.c#1')).toBe('sapo-html-card-a_b_c_1');
  });
});
