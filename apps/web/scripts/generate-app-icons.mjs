// Writes the installed app's icons (public/icons/*.png, committed) from the favicon, so the home
// screen shows the same mark as the browser tab. Run it again after changing public/favicon.svg:
//   npm run icons -w @clinic/web
// The manifest (vite.config.ts, scripts/web-app-manifest.ts) names these files.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

const PUBLIC = new URL('../public/', import.meta.url).pathname;
const ICONS = join(PUBLIC, 'icons');
const favicon = await readFile(join(PUBLIC, 'favicon.svg'), 'utf8');

// A maskable icon is cropped by the launcher (a circle, a squircle…) and must fill its square:
// the favicon's rounded corners would show as slivers of background. The cross already sits inside
// the safe zone (its farthest corner is 30% of the width from the centre; the zone's radius is 40%),
// so the same drawing on a square background is the maskable icon.
const roundedCorner = / rx="[^"]*"/;
if (!roundedCorner.test(favicon)) throw new Error('favicon.svg: the background <rect rx="…"> this script squares off is gone');
const square = favicon.replace(roundedCorner, '');

/** The SVG drawn at `size` px; `opaque` flattens it on the favicon's teal, for launchers that show no transparency. */
async function writePng(svg, size, file, { opaque = false } = {}) {
  // density scales the 32-unit viewBox up before rasterizing, so edges stay sharp at 512 px.
  let image = sharp(Buffer.from(svg), { density: (72 * size) / 32 }).resize(size, size);
  if (opaque) image = image.flatten({ background: '#00796b' });
  await image.png({ compressionLevel: 9 }).toFile(join(ICONS, file));
  console.log(`wrote public/icons/${file}`);
}

await mkdir(ICONS, { recursive: true });
await writePng(favicon, 192, 'icon-192.png');
await writePng(favicon, 512, 'icon-512.png');
await writePng(square, 512, 'icon-maskable-512.png', { opaque: true });
// iPadOS before 16.4 takes the home-screen icon from apple-touch-icon only, and fills transparency black.
await writePng(square, 180, 'apple-touch-icon-180.png', { opaque: true });
