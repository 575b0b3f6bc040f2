/**
 * Widget settings on the server (docs/overlays.md#widget-settings): the API parses documents with the overlay package's
 * schema, so a forked market widget's settings save as written, a setting against its declaration is a 400 naming each
 * path (never a 500), and the OBS page draws the chosen values.
 */
import { marketWidgets } from "@streamkit/overlay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { insertAccount, insertKey } from "../../support/factories";
import { apiCaller } from "../../support/overlays";

let app: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
});
afterAll(() => app.close());

async function streamer() {
  const account = await insertAccount(app.deps.db, { plan: "pro" });
  const { key } = await insertKey(app.deps.db, account.id, { scopes: ["inventory:write"] });
  return apiCaller(app, key, () => clock.nextMinute()); // keys get 10 requests a minute
}

const goalBar = marketWidgets.find((widget) => widget.slug === "goal-bar")!.document;

describe("widget settings through the API", () => {
  it("saves the goal bar's settings as chosen and the OBS page draws them", async () => {
    const send = await streamer();
    const vars = {
      ...goalBar.vars,
      "goal.label": { ...goalBar.vars!["goal.label"]!, value: "Road to 500" },
      "goal.color": { ...goalBar.vars!["goal.color"]!, value: "#ff8800" },
      "goal.hideCount": { type: "toggle", label: "Hide the count", value: true },
      "goal.font": { type: "font", label: "Font", value: "Bebas Neue" },
    };
    const created = await send("POST", "/overlays", { name: "Goal", document: { ...goalBar, vars } });
    expect(created.status).toBe(201);
    expect(created.body.item.document.vars).toEqual(vars);
    const html = await (await app.raw(`/overlays/source/${created.body.item.browserSource.token}`)).text();
    expect(html).toContain("Road to 500");
    expect(html).toContain('fill="#ff8800"');
    expect(html).toContain('font-family="&quot;Bebas Neue&quot;, sans-serif"');
    expect(html).toContain(`data-layer-id="label"`);
    expect(html).not.toContain(`data-layer-id="count"`); // hidden by its toggle
  });

  it("refuses settings against their declarations with 400, every problem at its path", async () => {
    const send = await streamer();
    const vars = {
      ...goalBar.vars,
      "goal.target": { type: "number", label: "Target", value: 0, min: 1, max: 1_000_000, step: 1 },
      "goal.hideCount": { type: "toggle", value: "yes" },
      side: { type: "choice", options: [{ value: "left" }], value: "right" },
      chime: { type: "sound", value: "chime.mp3" },
    };
    const refused = await send("POST", "/overlays", { name: "Bad", document: { ...goalBar, vars } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("validation_error");
    expect(refused.body.error.details).toEqual(
      expect.arrayContaining([
        { path: "document.vars.goal.target.value", message: "0 is below the minimum, 1." },
        { path: "document.vars.goal.hideCount.value", message: "A toggle is true or false." },
        { path: "document.vars.side.value", message: '"right" is not one of the options: "left".' },
        { path: "document.vars.chime.value", message: "A sound is a catalogue sound's id (a UUID), or empty." },
      ]),
    );
    expect(refused.body.error.details).toHaveLength(4);
  });
});
