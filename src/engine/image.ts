/** Raster types and the few pixel operations the engine needs, on plain typed arrays. */

export type RgbImage = { width: number; height: number; data: Uint8ClampedArray | Uint8Array; channels: 3 };
export type GrayImage = { width: number; height: number; data: Float32Array };

/** Brightness (Rec. 601 luma) of the RGB triple starting at `at` in `c`. */
export const lumaOf = (c: ArrayLike<number>, at = 0) => 0.299 * c[at] + 0.587 * c[at + 1] + 0.114 * c[at + 2];

export function toGray(img: RgbImage): GrayImage {
  const out = new Float32Array(img.width * img.height);
  const d = img.data;
  for (let i = 0, j = 0; i < out.length; i++, j += 3) out[i] = lumaOf(d, j);
  return { width: img.width, height: img.height, data: out };
}

/** Bilinear sample of channel `c` of an RGB image; outside the image clamps to the border. */
export function sampleRgb(img: RgbImage, x: number, y: number, out: Float32Array | number[]): void {
  const w = img.width,
    h = img.height,
    d = img.data;
  const fx = Math.min(Math.max(x, 0), w - 1.001),
    fy = Math.min(Math.max(y, 0), h - 1.001);
  const x0 = Math.floor(fx),
    y0 = Math.floor(fy);
  const tx = fx - x0,
    ty = fy - y0;
  const i00 = (y0 * w + x0) * 3,
    i10 = i00 + 3,
    i01 = i00 + w * 3,
    i11 = i01 + 3;
  for (let c = 0; c < 3; c++) {
    const top = d[i00 + c] + (d[i10 + c] - d[i00 + c]) * tx;
    const bottom = d[i01 + c] + (d[i11 + c] - d[i01 + c]) * tx;
    out[c] = top + (bottom - top) * ty;
  }
}

export function sampleGray(img: GrayImage, x: number, y: number): number {
  const w = img.width,
    h = img.height,
    d = img.data;
  const fx = Math.min(Math.max(x, 0), w - 1.001),
    fy = Math.min(Math.max(y, 0), h - 1.001);
  const x0 = Math.floor(fx),
    y0 = Math.floor(fy);
  const tx = fx - x0,
    ty = fy - y0;
  const i = y0 * w + x0;
  const top = d[i] + (d[i + 1] - d[i]) * tx;
  const bottom = d[i + w] + (d[i + w + 1] - d[i + w]) * tx;
  return top + (bottom - top) * ty;
}

/** Separable Gaussian blur of a gray image. */
export function gaussianBlur(img: GrayImage, sigma: number): GrayImage {
  const radius = Math.max(1, Math.ceil(sigma * 3));
  const kernel = new Float32Array(radius * 2 + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) sum += kernel[i + radius] = Math.exp(-(i * i) / (2 * sigma * sigma));
  for (let i = 0; i < kernel.length; i++) kernel[i] /= sum;
  const { width: w, height: h } = img;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      let acc = 0;
      for (let k = -radius; k <= radius; k++) {
        const xx = x + k < 0 ? 0 : x + k >= w ? w - 1 : x + k;
        acc += img.data[row + xx] * kernel[k + radius];
      }
      tmp[row + x] = acc;
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let acc = 0;
      for (let k = -radius; k <= radius; k++) {
        const yy = y + k < 0 ? 0 : y + k >= h ? h - 1 : y + k;
        acc += tmp[yy * w + x] * kernel[k + radius];
      }
      out[y * w + x] = acc;
    }
  }
  return { width: w, height: h, data: out };
}

/** Variance of the Laplacian: the standard sharpness measure (low = blurry). */
export function laplacianVariance(img: GrayImage, region?: { x0: number; y0: number; x1: number; y1: number }): number {
  const { width: w, data: d } = img;
  const r = region ?? { x0: 1, y0: 1, x1: img.width - 1, y1: img.height - 1 };
  let s = 0,
    s2 = 0,
    n = 0;
  for (let y = Math.max(1, r.y0); y < Math.min(img.height - 1, r.y1); y++)
    for (let x = Math.max(1, r.x0); x < Math.min(w - 1, r.x1); x++) {
      const i = y * w + x;
      const v = d[i - 1] + d[i + 1] + d[i - w] + d[i + w] - 4 * d[i];
      s += v;
      s2 += v * v;
      n++;
    }
  return n ? s2 / n - (s / n) ** 2 : 0;
}

/** RGB → approximate CIE L*a*b* (sRGB, D65); enough to compare colours perceptually. */
export function rgbToLab(r: number, g: number, b: number): [number, number, number] {
  const lin = (v: number) => {
    v /= 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const R = lin(r),
    G = lin(g),
    B = lin(b);
  const X = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const Y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const Z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const fx = f(X),
    fy = f(Y),
    fz = f(Z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}
