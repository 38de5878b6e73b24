/**
 * Synthetic page indexes for the search benchmarks: N pages made from the real pages' vocabulary (each
 * synthetic page reshuffles the sentences of one real page and gets a few unique words), so term
 * frequencies, text lengths and accents resemble the real index. Deterministic (seeded).
 */
import type { IndexEntry } from '../../functions/content/site-data.ts';

import { mulberry32 as prng } from '../../scripts/lib/prng.ts';

export { prng };

export function syntheticPages(real: readonly IndexEntry[], count: number, seed = 42): IndexEntry[] {
  const random = prng(seed);
  const sentences = real.map((p) => p.texto.split(/(?<=[.!?])\s+/));
  const out: IndexEntry[] = [];
  for (let i = 0; i < count; i++) {
    const base = real[i % real.length]!;
    const own = sentences[i % real.length]!;
    const other = sentences[Math.floor(random() * real.length)]!;
    const picked: string[] = [];
    const target = base.texto.length;
    let length = 0;
    while (length < target) {
      const pool = random() < 0.7 ? own : other;
      const sentence = pool[Math.floor(random() * pool.length)]!;
      picked.push(sentence);
      length += sentence.length + 1;
    }
    const tag = `item${i.toString(36)}`;
    out.push({
      rota: `sintetico/${base.rota.replace(/\//g, '-')}-${i}`,
      url: `https://exemplo.com.br/sintetico/${i}`,
      titulo: `${base.titulo} (${tag})`,
      descricao: base.descricao,
      secao: base.secao,
      lastmod: base.lastmod,
      texto: `${picked.join(' ')} Código ${tag}.`,
    });
  }
  return out;
}
