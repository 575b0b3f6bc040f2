import { DRAWING_BUDGET } from "./limits";

export type DrawingMeasure = keyof typeof DRAWING_BUDGET;

const n = (value: number) => value.toLocaleString("en-US");

/** What to reduce when a measure is over, in the words a streamer reads in the editor and the API's 413. */
const advice: Record<DrawingMeasure, string> = {
  particles: `more than ${n(DRAWING_BUDGET.particles)} particles in all: lower the particle layers' counts or remove some of them`,
  textCharacters: `more than ${n(DRAWING_BUDGET.textCharacters)} characters of text once its {{variables}} are filled: shorten the texts or the variables' values, or use each variable fewer times`,
  elements: `more than ${n(DRAWING_BUDGET.elements)} elements (layers, lines of text, particles): remove layers, lines or particles`,
  bytes: `a drawing over ${n(DRAWING_BUDGET.bytes / 1024 / 1024)} MiB: simplify paths, shorten texts or remove layers`,
};

/** A drawing that would pass a measure of DRAWING_BUDGET; thrown while drawing, before the excess is made. */
export class DrawingTooLarge extends Error {
  constructor(readonly measure: DrawingMeasure) {
    super(`This overlay would draw ${advice[measure]}.`);
    this.name = "DrawingTooLarge";
  }
}

/** UTF-8 length without encoding (the package runs in browsers too, where there is no Buffer). */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 2; // a surrogate pair: 2 units, 4 bytes
      i++;
    } else if (code >= 0x800) bytes += 2;
    else if (code >= 0x80) bytes += 1;
  }
  return bytes;
}

/** Counts one drawing against the budget: every measure is taken before what it measures is made. */
export class DrawingMeter {
  private readonly used: Record<DrawingMeasure, number> = { particles: 0, textCharacters: 0, elements: 0, bytes: 0 };

  take(measure: DrawingMeasure, amount: number): void {
    this.used[measure] += amount;
    if (this.used[measure] > DRAWING_BUDGET[measure]) throw new DrawingTooLarge(measure);
  }

  /** Room left for a measure (a bound for work about to be done). */
  left(measure: DrawingMeasure): number {
    return DRAWING_BUDGET[measure] - this.used[measure];
  }

  /** Markup about to be part of the drawing: counted, then handed back. */
  markup(text: string): string {
    this.take("bytes", utf8Length(text));
    return text;
  }
}
