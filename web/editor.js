// The pixel editor: a canvas grid of an indexed image (web/indexed.js), at most the
// library's largest sprite. A click (or a drag) paints cells with the selected colour
// slot, or clears them; each finished stroke calls `onChange(image)`. From the keyboard,
// the arrow keys move a cursor cell (outlined while the editor has the focus) and Space
// or Enter paints it.

import { blank, TRANSPARENT } from './indexed.js';

const CELL = 8; // CSS pixels per cell

export class Editor {
  /**
   * `canvas` is the grid; `onChange(image)` is called after each stroke with a copy of
   * the image. `paint()` gives the selected slot (0, 1, 2 or TRANSPARENT), `colorOf(k)`
   * the colour of slot k for an image that does not use it yet.
   */
  constructor(canvas, { paint, colorOf, onChange }) {
    this.canvas = canvas;
    this.paint = paint;
    this.colorOf = colorOf;
    this.onChange = onChange;
    this.image = null;
    this.stroke = null; // cells painted by the stroke in progress
    this.cursor = { x: 0, y: 0 }; // the keyboard's cell
    canvas.addEventListener('pointerdown', (e) => {
      if (!this.image || e.button !== 0) return;
      canvas.setPointerCapture(e.pointerId);
      this.stroke = { changed: false };
      this.paintAt(e);
    });
    canvas.addEventListener('pointermove', (e) => {
      if (this.stroke) this.paintAt(e);
    });
    const end = () => {
      if (!this.stroke) return;
      const { changed } = this.stroke;
      this.stroke = null;
      if (changed) this.onChange(this.copy());
    };
    canvas.addEventListener('pointerup', end);
    canvas.addEventListener('pointercancel', end);
    canvas.addEventListener('keydown', (e) => this.key(e));
    canvas.addEventListener('focus', () => this.draw());
    canvas.addEventListener('blur', () => this.draw());
  }

  /** Arrow keys move the cursor; Space or Enter paints its cell (one stroke). */
  key(e) {
    if (!this.image) return;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (e.key in moves) {
      const [dx, dy] = moves[e.key];
      this.cursor.x = Math.min(this.image.width - 1, Math.max(0, this.cursor.x + dx));
      this.cursor.y = Math.min(this.image.height - 1, Math.max(0, this.cursor.y + dy));
      this.draw();
    } else if (e.key === ' ' || e.key === 'Enter') {
      this.stroke = { changed: false };
      this.paintCell(this.cursor.x, this.cursor.y);
      const { changed } = this.stroke;
      this.stroke = null;
      if (changed) this.onChange(this.copy());
    } else {
      return;
    }
    e.preventDefault();
  }

  /** Shows `image` (copied), or nothing. */
  load(image) {
    this.image = image && { ...image, colors: image.colors.map((c) => c.slice()), cells: image.cells.slice() };
    this.draw();
  }

  copy() {
    return { ...this.image, colors: this.image.colors.map((c) => c.slice()), cells: this.image.cells.slice() };
  }

  /** A new size, keeping the top-left cells that still fit. */
  resize(width, height) {
    const old = this.image;
    const next = blank(width, height, old ? old.colors : []);
    if (old) {
      for (let y = 0; y < Math.min(height, old.height); y++) {
        for (let x = 0; x < Math.min(width, old.width); x++) next.cells[y * width + x] = old.cells[y * old.width + x];
      }
    }
    this.image = next;
    this.draw();
  }

  /** Sets colour slot `k` (0..2). */
  setColor(k, rgb) {
    if (!this.image) return;
    this.addSlots(k);
    this.image.colors[k] = rgb.slice();
    this.draw();
  }

  /** Gives the image colour slots up to `k`, from `colorOf`. */
  addSlots(k) {
    while (this.image.colors.length <= k) this.image.colors.push(this.colorOf(this.image.colors.length));
  }

  /** Paints the cell under the pointer; draws it if it changed. */
  paintAt(e) {
    const rect = this.canvas.getBoundingClientRect();
    const x = Math.floor(((e.clientX - rect.left) / rect.width) * this.image.width);
    const y = Math.floor(((e.clientY - rect.top) / rect.height) * this.image.height);
    this.paintCell(x, y);
  }

  /** Paints cell (x, y) with the selected slot; draws it if it changed. */
  paintCell(x, y) {
    if (x < 0 || y < 0 || x >= this.image.width || y >= this.image.height) return;
    const k = this.paint();
    if (k !== TRANSPARENT) this.addSlots(k);
    const i = y * this.image.width + x;
    if (this.image.cells[i] === k) return;
    this.image.cells[i] = k;
    this.stroke.changed = true;
    this.draw();
  }

  draw() {
    const c = this.canvas;
    const img = this.image;
    const dpr = Math.max(1, Math.round(window.devicePixelRatio || 1));
    const w = img ? img.width : 1;
    const h = img ? img.height : 1;
    c.width = w * CELL * dpr;
    c.height = h * CELL * dpr;
    c.style.width = `${w * CELL}px`;
    c.style.height = `${h * CELL}px`;
    const ctx = c.getContext('2d');
    ctx.clearRect(0, 0, c.width, c.height);
    if (!img) return;
    const s = CELL * dpr;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const k = img.cells[y * w + x];
        if (k === TRANSPARENT) continue;
        const [r, g, b] = img.colors[k];
        ctx.fillStyle = `rgb(${r},${g},${b})`;
        ctx.fillRect(x * s, y * s, s, s);
      }
    }
    // Grid lines between the cells.
    ctx.fillStyle = '#ffffff18';
    for (let x = 1; x < w; x++) ctx.fillRect(x * s, 0, dpr, c.height);
    for (let y = 1; y < h; y++) ctx.fillRect(0, y * s, c.width, dpr);
    // The keyboard's cell, while the editor has the focus.
    if (document.activeElement === c) {
      this.cursor.x = Math.min(this.cursor.x, w - 1);
      this.cursor.y = Math.min(this.cursor.y, h - 1);
      ctx.strokeStyle = '#ff8a1f';
      ctx.lineWidth = dpr;
      ctx.strokeRect(this.cursor.x * s + dpr / 2, this.cursor.y * s + dpr / 2, s - dpr, s - dpr);
    }
  }
}
