import { FONT_CATALOGUE, FONT_STYLESHEET_PATH, fontFamilyCss, fontFolder, fontWeights } from "@streamkit/overlay";
import type { Metadata } from "next";

export const metadata: Metadata = {
  title: "Overlay fonts and their licences",
  description: "The open-licence fonts the overlay editor offers, served from this site, with their licences and sources.",
};

const licenceNames = { "OFL-1.1": "SIL Open Font License 1.1", "Apache-2.0": "Apache License 2.0" } as const;

/**
 * Every family the overlay editor offers (packages/overlay/src/fonts.ts), drawn in itself, with its weights, italic,
 * licence and source package, and a link to the licence text served beside its files (the OFL asks that it travels
 * with them). Public: anyone may check what the site redistributes.
 */
export default function OverlayFontsPage() {
  return (
    <div className="container">
      <link rel="stylesheet" href={FONT_STYLESHEET_PATH} precedence="default" />
      <div className="page-head">
        <div>
          <h1>Overlay fonts</h1>
          <p>
            The fonts of the overlay editor. This site serves them to the editor and to the OBS browser source, so nothing needs installing. Each is free to use
            under its licence; the files come from the open-source Fontsource packages named below.
          </p>
        </div>
      </div>
      <div className="panel table-wrap">
        <table className="data">
          <thead>
            <tr>
              <th scope="col">Family</th>
              <th scope="col">Weights</th>
              <th scope="col">Italic</th>
              <th scope="col">Licence</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {FONT_CATALOGUE.map((font) => {
              const weights = fontWeights(font);
              return (
                <tr key={font.name} data-font={font.name}>
                  <td style={{ fontFamily: fontFamilyCss(font.name), fontSize: "1.25rem" }}>{font.name}</td>
                  <td>{weights.length > 1 ? `${weights[0]}–${weights.at(-1)}${font.weights.variable ? " (variable)" : ""}` : weights[0]}</td>
                  <td>{font.italic ? "Yes" : "No"}</td>
                  <td>
                    <a href={`${fontFolder(font)}/LICENSE.txt`}>{licenceNames[font.licence]}</a> ({font.licence})
                  </td>
                  <td>
                    <code>
                      {font.package}@{font.version}
                    </code>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
