// Copies the font catalogue's files (packages/overlay/src/fonts.ts) from their npm packages into public/fonts, so
// the site serves them and OBS needs nothing installed: only woff2, only the subsets, weights and styles the
// catalogue lists, each family's LICENSE next to its files (the OFL asks that it travels with them), and one
// stylesheet of @font-face rules. Every path is versioned, so the server caches them for a year (next.config.ts).
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
// Node 24 runs the catalogue's TypeScript as it is (types stripped); it imports nothing.
import { FONT_CATALOGUE, FONT_STYLESHEET_PATH, fontFiles, fontFolder } from "../../../packages/overlay/src/fonts.ts";

const require = createRequire(import.meta.url);
const publicDir = join(import.meta.dirname, "..", "public");
rmSync(join(publicDir, "fonts"), { recursive: true, force: true });

const rules = [];
for (const font of FONT_CATALOGUE) {
  const source = dirname(require.resolve(`${font.package}/package.json`));
  const version = JSON.parse(readFileSync(join(source, "package.json"), "utf8")).version;
  if (version !== font.version) throw new Error(`${font.package} is ${version}, the catalogue says ${font.version}: update packages/overlay/src/fonts.ts.`);
  const ranges = JSON.parse(readFileSync(join(source, "unicode.json"), "utf8"));
  const target = join(publicDir, fontFolder(font));
  mkdirSync(target, { recursive: true });
  copyFileSync(join(source, "LICENSE"), join(target, "LICENSE.txt"));
  for (const { file, subset, style, weight } of fontFiles(font)) {
    copyFileSync(join(source, "files", file), join(target, file));
    rules.push(
      `/* ${font.name} ${subset} ${style} (${font.licence}, ${font.package}@${font.version}) */\n` +
        `@font-face{font-family:"${font.name}";font-style:${style};font-weight:${weight};font-display:swap;` +
        `src:url(${fontFolder(font)}/${file}) format("woff2");unicode-range:${ranges[subset]};}`,
    );
  }
}
writeFileSync(join(publicDir, FONT_STYLESHEET_PATH), `/* The site's fonts: /overlays/fonts lists them with their licences. */\n${rules.join("\n")}\n`);
