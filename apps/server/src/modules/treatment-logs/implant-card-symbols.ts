/**
 * The ISO 15223-1:2021 symbols MDCG 2019-8 asks an implant card to use, drawn as vector shapes in
 * a square of `size` points whose top left corner is (x, y). Each is the symbol's outline as the
 * standard's figure shows it, simplified to the strokes that read at 4 mm; the codes name the
 * standard's clauses. No image files: the PDF stays small and sharp at any print size.
 */

/** The part of a PDFKit document the symbols draw with (chainable, as PDFKit's own methods are). */
export interface Pen {
  save(): this;
  restore(): this;
  lineWidth(width: number): this;
  rect(x: number, y: number, w: number, h: number): this;
  circle(x: number, y: number, r: number): this;
  moveTo(x: number, y: number): this;
  lineTo(x: number, y: number): this;
  closePath(): this;
  stroke(): this;
  fill(color?: string): this;
  fillColor(color: string): this;
  strokeColor(color: string): this;
  font(name: string): this;
  fontSize(size: number): this;
  widthOfString(text: string): number;
  text(text: string, x?: number, y?: number, options?: Record<string, unknown>): this;
}

export type SymbolName = 'medicalDevice' | 'model' | 'lot' | 'serial' | 'udi' | 'manufacturer' | 'patient' | 'date' | 'healthCareCentre' | 'useBy';

/** The letters inside a box: MD (5.7.7), REF (5.1.6), LOT (5.1.5), SN (5.1.7), UDI (5.7.10). */
function boxed(pen: Pen, letters: string, x: number, y: number, size: number): void {
  const height = size * 0.62;
  const top = y + (size - height) / 2;
  pen.save().lineWidth(size / 16).strokeColor('#000000').rect(x + 0.5, top, size - 1, height).stroke();
  const fontSize = letters.length > 2 ? size * 0.34 : size * 0.42;
  pen.font('Helvetica-Bold').fontSize(fontSize).fillColor('#000000');
  const width = pen.widthOfString(letters);
  pen.text(letters, x + (size - width) / 2, top + (height - fontSize * 0.72) / 2 - fontSize * 0.12, { lineBreak: false });
  pen.restore();
}

/** Manufacturer (5.1.1): a factory, filled: a saw-tooth roof and a chimney. */
function factory(pen: Pen, x: number, y: number, s: number): void {
  const u = s / 12;
  pen
    .save()
    .moveTo(x + u, y + 11 * u)
    .lineTo(x + u, y + 6 * u)
    .lineTo(x + 4 * u, y + 4 * u)
    .lineTo(x + 4 * u, y + 6 * u)
    .lineTo(x + 7 * u, y + 4 * u)
    .lineTo(x + 7 * u, y + 6 * u)
    .lineTo(x + 9 * u, y + 5 * u)
    .lineTo(x + 9 * u, y + u)
    .lineTo(x + 11 * u, y + u)
    .lineTo(x + 11 * u, y + 11 * u)
    .closePath()
    .fill('#000000')
    .restore();
}

/** Patient identification (5.7.3): a person's head and shoulders beside the lines of a record. */
function patient(pen: Pen, x: number, y: number, s: number): void {
  const u = s / 12;
  pen.save().lineWidth(u * 0.9).strokeColor('#000000');
  pen.circle(x + 3.5 * u, y + 4 * u, 1.8 * u).stroke();
  pen
    .moveTo(x + 0.8 * u, y + 10.5 * u)
    .lineTo(x + 1.2 * u, y + 8 * u)
    .lineTo(x + 5.8 * u, y + 8 * u)
    .lineTo(x + 6.2 * u, y + 10.5 * u)
    .stroke();
  for (const line of [3.5, 6, 8.5]) pen.moveTo(x + 7.5 * u, y + line * u).lineTo(x + 11.5 * u, y + line * u).stroke();
  pen.restore();
}

/** Date (5.7.6): a calendar leaf with its two rings. */
function calendar(pen: Pen, x: number, y: number, s: number): void {
  const u = s / 12;
  pen.save().lineWidth(u * 0.9).strokeColor('#000000');
  pen.rect(x + u, y + 2 * u, 10 * u, 9 * u).stroke();
  pen.rect(x + u, y + 2 * u, 10 * u, 2.5 * u).fill('#000000');
  for (const ring of [3.5, 8.5]) pen.moveTo(x + ring * u, y + 0.8 * u).lineTo(x + ring * u, y + 3 * u).stroke();
  for (const [cx, cy] of [[3.5, 6.5], [6, 6.5], [8.5, 6.5], [3.5, 9], [6, 9]] as const) pen.rect(x + (cx - 0.6) * u, y + (cy - 0.6) * u, 1.2 * u, 1.2 * u).fill('#000000');
  pen.restore();
}

/** Health care centre or doctor (5.7.5): a building with a cross on its front. */
function healthCareCentre(pen: Pen, x: number, y: number, s: number): void {
  const u = s / 12;
  pen.save().lineWidth(u * 0.9).strokeColor('#000000');
  pen
    .moveTo(x + u, y + 11 * u)
    .lineTo(x + u, y + 5 * u)
    .lineTo(x + 6 * u, y + u)
    .lineTo(x + 11 * u, y + 5 * u)
    .lineTo(x + 11 * u, y + 11 * u)
    .closePath()
    .stroke();
  pen.rect(x + 5.2 * u, y + 5 * u, 1.6 * u, 5 * u).fill('#000000');
  pen.rect(x + 3.5 * u, y + 6.7 * u, 5 * u, 1.6 * u).fill('#000000');
  pen.restore();
}

/** Use-by date (5.1.4): an hourglass. */
function hourglass(pen: Pen, x: number, y: number, s: number): void {
  const u = s / 12;
  pen.save().lineWidth(u * 0.9).strokeColor('#000000');
  pen
    .moveTo(x + 3 * u, y + u)
    .lineTo(x + 9 * u, y + u)
    .lineTo(x + 6.4 * u, y + 6 * u)
    .lineTo(x + 9 * u, y + 11 * u)
    .lineTo(x + 3 * u, y + 11 * u)
    .lineTo(x + 5.6 * u, y + 6 * u)
    .closePath()
    .stroke();
  pen.moveTo(x + 4.5 * u, y + 10.2 * u).lineTo(x + 7.5 * u, y + 10.2 * u).lineTo(x + 6 * u, y + 8 * u).closePath().fill('#000000');
  pen.restore();
}

/** Draws one symbol in the square of `size` points at (x, y). */
export function drawSymbol(pen: Pen, name: SymbolName, x: number, y: number, size: number): void {
  switch (name) {
    case 'medicalDevice':
      return boxed(pen, 'MD', x, y, size);
    case 'model':
      return boxed(pen, 'REF', x, y, size);
    case 'lot':
      return boxed(pen, 'LOT', x, y, size);
    case 'serial':
      return boxed(pen, 'SN', x, y, size);
    case 'udi':
      return boxed(pen, 'UDI', x, y, size);
    case 'manufacturer':
      return factory(pen, x, y, size);
    case 'patient':
      return patient(pen, x, y, size);
    case 'date':
      return calendar(pen, x, y, size);
    case 'healthCareCentre':
      return healthCareCentre(pen, x, y, size);
    case 'useBy':
      return hourglass(pen, x, y, size);
  }
}
