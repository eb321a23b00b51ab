/**
 * Realistic, distinct search texts built from real names (tests compare the index with SQL on
 * them; the benchmark sends them so that no cached answer serves): fragments a visitor types
 * (a family name, "family middle", the start of a given name), with and without accents, with
 * one typo (a letter dropped, doubled, swapped or replaced), and a few medical terms. Seeded, so
 * runs repeat.
 */
const TERMS = [
  'tim mach',
  'da lieu',
  'nhi khoa',
  'dau dau',
  'sot',
  'than kinh',
  'rang ham mat',
  'cardio',
  'skin',
  'headache',
  'fever',
  'ho',
  'mat',
  'tai mui hong',
];

const stripAccents = (s: string) =>
  s.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D');

export function sampleSearchTexts(names: string[], count: number, seed = 1): string[] {
  let state = seed >>> 0 || 1;
  const random = (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
  const typo = (s: string) => {
    const i = random(Math.max(1, s.length - 1));
    switch (random(4)) {
      case 0:
        return s.slice(0, i) + s.slice(i + 1);
      case 1:
        return s.slice(0, i) + s[i] + s.slice(i);
      case 2:
        return s.slice(0, i) + (s[i + 1] ?? '') + s[i] + s.slice(i + 2);
      default:
        return s.slice(0, i) + 'aeiouyn'[random(7)] + s.slice(i + 1);
    }
  };
  const out = new Set<string>();
  for (let attempts = 0; out.size < count && attempts < count * 10; attempts++) {
    const source = random(10) === 0 ? TERMS[random(TERMS.length)]! : names[random(names.length)]!;
    const words = source.split(/\s+/);
    const from = random(words.length);
    let text = words.slice(from, from + 1 + random(3)).join(' ');
    if (random(3) === 0) text = text.slice(0, 2 + random(Math.max(1, text.length - 1)));
    if (random(2) === 0) text = stripAccents(text);
    if (random(3) === 0) text = typo(text);
    if (random(4) === 0) text = text.toLowerCase();
    text = text.trim();
    if (text !== '') out.add(text);
  }
  return [...out];
}
