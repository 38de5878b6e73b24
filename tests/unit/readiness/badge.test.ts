/**
 * The badge of a recorded reading (functions/readiness/badge.ts): well-formed SVG of a fixed structure (root `svg`
 * with `role="img"`, an `aria-label` equal to its first child `<title>`, two rectangles, two texts, nothing else),
 * the state each reading gets, contrast of every colour with the white text, text that stays text
 * (tests/attacks/html-injection-cases.ts, plus characters XML forbids), and the embed snippets that link back.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseDocument } from 'htmlparser2';
import { BADGE_COLORS, BADGE_HEIGHT, badgeEtag, badgeSnippets, badgeState, type BadgeState, renderBadge, textWidth } from '../../../functions/readiness/badge.ts';
import type { Envelope } from '../../../src/model/reading.ts';
import { GRAUS } from '../../../src/model/measurement.ts';
import { HTML_INJECTION_CASES } from '../../attacks/html-injection-cases.ts';

const ORIGIN = 'https://exemplo-de-origem.com.br';

interface Node {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: Node[];
}

/** The SVG as a tree (fast-xml-parser's ordered form), after asserting it is well-formed XML. */
function parseSvg(svg: string): Node {
  assert.equal(XMLValidator.validate(svg), true, 'XML bem formado');
  const ordered = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', trimValues: false, processEntities: true, htmlEntities: true }).parse(svg) as unknown[];
  const convert = (entry: Record<string, unknown>): Node | undefined => {
    const name = Object.keys(entry).find((k) => k !== ':@');
    if (!name || name === '#text') return undefined;
    const kids = (entry[name] as Record<string, unknown>[]).map((k) => ('#text' in k ? { text: String(k['#text']) } : convert(k)));
    const children = kids.filter((k): k is Node => !!k && 'name' in k);
    const text = kids.map((k) => (k && 'text' in k && !('name' in k) ? k.text : '')).join('');
    return { name, attrs: (entry[':@'] as Record<string, string>) ?? {}, text, children };
  };
  const roots = (ordered as Record<string, unknown>[]).map(convert).filter((n): n is Node => !!n);
  assert.equal(roots.length, 1, 'um único elemento raiz');
  return roots[0]!;
}

/** The structure every badge has; returns the accessible sentence and the two visible texts. */
function assertBadgeStructure(svg: string): { title: string; texts: string[] } {
  const root = parseSvg(svg);
  assert.equal(root.name, 'svg');
  assert.equal(root.attrs.xmlns, 'http://www.w3.org/2000/svg');
  assert.equal(root.attrs.role, 'img');
  assert.equal(root.attrs.height, String(BADGE_HEIGHT));
  assert.equal(root.attrs.viewBox, `0 0 ${root.attrs.width} ${BADGE_HEIGHT}`);
  assert.deepEqual(
    root.children.map((c) => c.name),
    ['title', 'rect', 'rect', 'g'],
    'title primeiro, depois os dois fundos e o grupo de textos',
  );
  const [title, label, value, group] = root.children as [Node, Node, Node, Node];
  assert.ok(title.text.length > 20, 'título com a frase inteira');
  assert.equal(root.attrs['aria-label'], title.text, 'aria-label igual ao título');
  assert.equal(Number(label.attrs.width) + Number(value.attrs.width), Number(root.attrs.width), 'os dois fundos cobrem a largura');
  assert.equal(value.attrs.x, label.attrs.width);
  assert.deepEqual(group.children.map((c) => c.name), ['text', 'text']);
  for (const t of group.children) {
    assert.ok(Number(t.attrs.textLength) > 0 && t.attrs.lengthAdjust === 'spacingAndGlyphs', 'texto ajustado à caixa');
    assert.deepEqual(t.children, [], 'texto sem elementos dentro');
  }
  // Nothing that runs, loads or leads elsewhere: only these attributes, anywhere in the tree.
  const ALLOWED_ATTRIBUTES = new Set(['xmlns', 'width', 'height', 'viewBox', 'role', 'aria-label', 'x', 'y', 'fill', 'font-family', 'font-size', 'textLength', 'lengthAdjust']);
  const walk = (node: Node): void => {
    for (const name of Object.keys(node.attrs)) assert.ok(ALLOWED_ATTRIBUTES.has(name), `atributo inesperado ${name} em ${node.name}`);
    node.children.forEach(walk);
  };
  walk(root);
  return { title: title.text, texts: group.children.map((c) => c.text) };
}

const reading = (over: Partial<Envelope> = {}): Envelope => ({
  dominio: 'exemplo.com.br',
  estado: 'registrada',
  nota: 96,
  grau: 'A+',
  camadas: [],
  lacunas: [],
  medidoEm: '2026-05-04T12:00:00.000Z',
  ...over,
});

/** WCAG 2.2 contrast ratio of two sRGB colours `#rrggbb`. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('readiness badge', () => {
  test('a scored reading: grade and score visible, the whole sentence (domain, date, measurer) as title', () => {
    const svg = renderBadge(badgeState('exemplo.com.br', reading()), ORIGIN);
    const { title, texts } = assertBadgeStructure(svg);
    assert.deepEqual(texts, ['prontidão para IA', 'A+ · 96']);
    assert.equal(title, 'Prontidão para IA de exemplo.com.br: nota 96 de 100, grau A+, medida em 4 de maio de 2026 pela Sinal Cognitivo.');
    assert.match(svg, new RegExp(`fill="${BADGE_COLORS.a}"`));
  });

  test('inline (inside a page): the same badge without its <title>, named by the same aria-label', () => {
    const state = badgeState('exemplo.com.br', reading());
    const standalone = renderBadge(state, ORIGIN);
    const inline = renderBadge(state, ORIGIN, { inline: true });
    assert.equal(inline, standalone.replace(/<title>[^<]*<\/title>/, ''));
    assert.doesNotMatch(inline, /<title>/);
    assert.match(inline, /aria-label="Prontidão para IA de exemplo\.com\.br: nota 96 de 100/);
  });

  test('the colour follows the grade letter', () => {
    for (const [grau, color] of [['B-', BADGE_COLORS.b], ['C+', BADGE_COLORS.c], ['D', BADGE_COLORS.d], ['F', BADGE_COLORS.f]] as const) {
      const svg = renderBadge(badgeState('exemplo.com.br', reading({ nota: 50, grau })), ORIGIN);
      assert.match(svg, new RegExp(`<rect x="\\d+" width="\\d+" height="20" fill="${color}"/>`), grau);
    }
  });

  test('without a grade: an unscored reading, a domain never measured (invites a measurement), invalid, unavailable', () => {
    const cases: [BadgeState, string, RegExp][] = [
      [badgeState('exemplo.com.br', reading({ estado: 'nao_pontuada', nota: null, grau: null, motivo: 'desafio' })), 'sem nota', /^Prontidão para IA de exemplo\.com\.br: a última medição, em 4 de maio de 2026, não chegou a uma nota confiável\.$/],
      [badgeState('nunca-medido.com.br', null), 'medir grátis', new RegExp(`^nunca-medido\\.com\\.br ainda não tem medição de prontidão para IA: meça de graça em ${ORIGIN.replace(/\./g, '\\.')}/diagnostico-de-visibilidade-cognitiva\\.$`)],
      [{ kind: 'invalido' }, 'domínio inválido', /o endereço não traz um domínio válido/],
      [{ kind: 'indisponivel', dominio: 'exemplo.com.br' }, 'indisponível', /indisponíveis no momento/],
    ];
    for (const [state, value, title] of cases) {
      const svg = renderBadge(state, ORIGIN);
      const parsed = assertBadgeStructure(svg);
      assert.equal(parsed.texts[1], value);
      assert.match(parsed.title, title);
      assert.match(svg, new RegExp(`fill="${BADGE_COLORS.neutro}"`), 'cor neutra');
    }
  });

  test('white text keeps 4.5:1 on every fill (WCAG 2.2 AA for 11 px text)', () => {
    for (const [name, color] of Object.entries(BADGE_COLORS)) {
      if (name === 'texto') continue;
      assert.ok(contrast(color, BADGE_COLORS.texto) >= 4.5, `${name} ${color}: ${contrast(color, BADGE_COLORS.texto).toFixed(2)}`);
    }
    // Every grade has a colour.
    for (const grau of GRAUS) assert.ok(renderBadge(badgeState('x.com.br', reading({ nota: 70, grau })), ORIGIN).includes('fill="#'), grau);
  });

  test('text widths: wider text, wider box; digits share one width; accents measured on their letter', () => {
    assert.ok(textWidth('medir grátis') > textWidth('sem nota'));
    assert.equal(textWidth('A+ · 11'), textWidth('A+ · 88'));
    assert.equal(textWidth('ã'), textWidth('a'));
    const narrow = renderBadge(badgeState('x.com.br', reading({ nota: 100, grau: 'A+' })), ORIGIN);
    const wide = renderBadge({ kind: 'invalido' }, ORIGIN);
    assert.ok(Number(/width="(\d+)"/.exec(wide)![1]) > Number(/width="(\d+)"/.exec(narrow)![1]));
  });

  test('hostile text in the domain stays text (and characters XML forbids are dropped)', () => {
    const values = [...HTML_INJECTION_CASES.map((c) => c.value), 'a\u0000b\u0008c\u001fd\ufffee', '\ud800 solitário', ']]> fim de CDATA'];
    for (const value of values) {
      for (const state of [{ kind: 'nao-medido', dominio: value }, { kind: 'indisponivel', dominio: value }, { kind: 'nota', dominio: value, nota: 50, grau: 'D+', medidoEm: null }] as BadgeState[]) {
        const { title } = assertBadgeStructure(renderBadge(state, ORIGIN));
        const expected = value.replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd]/gu, '');
        assert.ok(title.includes(expected), `${JSON.stringify(value)} → ${JSON.stringify(title)}`);
      }
    }
  });

  test('ETag: the same badge gives the same tag, another reading another tag', () => {
    const a = renderBadge(badgeState('exemplo.com.br', reading()), ORIGIN);
    const b = renderBadge(badgeState('exemplo.com.br', reading({ nota: 95 })), ORIGIN);
    assert.equal(badgeEtag(a), badgeEtag(renderBadge(badgeState('exemplo.com.br', reading()), ORIGIN)));
    assert.notEqual(badgeEtag(a), badgeEtag(b));
    assert.match(badgeEtag(a), /^"[A-Za-z0-9_-]{27}"$/);
  });

  test('embed snippets: the image wrapped in a link to the result page (HTML and markdown), absolute addresses', () => {
    const { html, markdown } = badgeSnippets(ORIGIN, 'exemplo.com.br');
    const [a] = parseDocument(html).children as unknown as [{ name: string; attribs: Record<string, string>; children: { name: string; attribs: Record<string, string> }[] }];
    assert.equal(a.name, 'a');
    assert.equal(a.attribs.href, `${ORIGIN}/diagnostico-de-visibilidade-cognitiva/resultado/exemplo.com.br`);
    assert.equal(a.children.length, 1);
    assert.equal(a.children[0]!.name, 'img');
    assert.equal(a.children[0]!.attribs.src, `${ORIGIN}/diagnostico-de-visibilidade-cognitiva/selo/exemplo.com.br.svg`);
    assert.equal(a.children[0]!.attribs.alt, 'Prontidão para IA de exemplo.com.br: selo da medição da Sinal Cognitivo');
    assert.equal(a.children[0]!.attribs.height, '20');
    assert.equal(
      markdown,
      `[![Prontidão para IA de exemplo.com.br: selo da medição da Sinal Cognitivo](${ORIGIN}/diagnostico-de-visibilidade-cognitiva/selo/exemplo.com.br.svg)](${ORIGIN}/diagnostico-de-visibilidade-cognitiva/resultado/exemplo.com.br)`,
    );
  });
});
