import { planNames } from "@streamkit/plans";
import { describe, expect, it } from "vitest";
import { marketThemes, marketWidgets, overlayDocumentSchema, predefinedOverlays, renderSvg, renderThemeSvg, THEME_MEMBERS, themePlan } from "../src";

const items = new Map<string, { plan: (typeof planNames)[number]; document: (typeof marketWidgets)[number]["document"] }>(
  [...predefinedOverlays, ...marketWidgets].map((item) => [item.slug, item]),
);

describe("the market's widgets", () => {
  it("has the promised widgets with unique slugs (also against the predefined overlays), Free, Pro and Ultimate ones", () => {
    const slugs = marketWidgets.map((widget) => widget.slug);
    for (const slug of ["chat-feed", "goal-bar", "alert-popup", "now-playing-card", "countdown-timer", "follower-counter", "donation-ticker", "stream-clock"])
      expect(slugs).toContain(slug);
    const all = [...predefinedOverlays.map((o) => o.slug), ...slugs, ...marketThemes.map((t) => t.slug)];
    expect(new Set(all).size).toBe(all.length);
    for (const plan of planNames)
      expect(
        marketWidgets.some((widget) => widget.plan === plan),
        plan,
      ).toBe(true);
  });

  it.each(marketWidgets.map((widget) => [widget.slug, widget] as const))("%s is a valid widget document on a small canvas that renders", (_slug, widget) => {
    const parsed = overlayDocumentSchema.safeParse(widget.document);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    expect(widget.document.kind).toBe("widget");
    expect(widget.document.canvas.width * widget.document.canvas.height).toBeLessThan(1920 * 1080);
    const svg = renderSvg(widget.document, { animate: false });
    expect(svg).toContain(`viewBox="0 0 ${widget.document.canvas.width} ${widget.document.canvas.height}"`);
    expect(svg.match(/\{\{(?!plugin\.)[^}]*\}\}/g)).toBeNull();
  });
});

describe("the market's widgets' settings", () => {
  it.each(marketWidgets.map((widget) => [widget.slug, widget] as const))("%s declares labelled settings, a font among them, each used", (_slug, widget) => {
    const vars = Object.entries(widget.document.vars ?? {});
    expect(vars.length).toBeGreaterThanOrEqual(3);
    for (const [key, variable] of vars) expect(variable.label, key).toBeTruthy();
    expect(vars.some(([, variable]) => variable.type === "font")).toBe(true);
    // A setting nothing reads would be a dead control in the form.
    const json = JSON.stringify({ layers: widget.document.layers, bindings: widget.document.bindings, alertSounds: widget.document.alertSounds });
    for (const [key] of vars) expect(json.includes(`"key":"${key}"`) || json.includes(`{{${key}}}`), key).toBe(true);
  });

  it("the goal bar's settings: its title, a target of at least 1, the bar's colour, a toggle and a font", () => {
    const vars = marketWidgets.find((widget) => widget.slug === "goal-bar")!.document.vars!;
    expect(vars["goal.label"]).toMatchObject({ type: "text", label: "Goal title" });
    expect(vars["goal.target"]).toMatchObject({ type: "number", min: 1 });
    expect(vars["goal.color"]).toMatchObject({ type: "color", label: "Bar colour" });
    expect(vars["goal.hideCount"]).toMatchObject({ type: "toggle", value: false });
    expect(vars["goal.font"]).toMatchObject({ type: "font", value: "Inter" });
  });
});

describe("the market's themes", () => {
  it("has at least three themes whose plans come from their members: Free, Pro and Ultimate ones, and mixed bundles", () => {
    expect(marketThemes.length).toBeGreaterThanOrEqual(3);
    const plans = marketThemes.map((theme) => themePlan(theme.members.map((slug) => items.get(slug)!.plan)));
    for (const plan of planNames) expect(plans).toContain(plan);
    const mixed = marketThemes.filter((theme) => new Set(theme.members.map((slug) => items.get(slug)!.plan)).size > 1);
    expect(mixed.length).toBeGreaterThanOrEqual(2);
  });

  it.each(marketThemes.map((theme) => [theme.slug, theme] as const))("%s has 3–6 distinct members that all exist, and a preview grid", (_slug, theme) => {
    expect(theme.members.length).toBeGreaterThanOrEqual(THEME_MEMBERS.min);
    expect(theme.members.length).toBeLessThanOrEqual(THEME_MEMBERS.max);
    expect(new Set(theme.members).size).toBe(theme.members.length);
    for (const slug of theme.members) expect(items.has(slug), slug).toBe(true);
    const svg = renderThemeSvg(theme.members.map((slug) => items.get(slug)!.document));
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<svg /g)).toHaveLength(theme.members.length + 1);
    expect(svg.match(/<\/svg>/g)).toHaveLength(theme.members.length + 1);
  });

  it("themePlan is the most demanding member's plan", () => {
    expect(themePlan(["free", "free"])).toBe("free");
    expect(themePlan(["free", "pro", "free"])).toBe("pro");
    expect(themePlan(["pro", "ultimate", "free"])).toBe("ultimate");
  });
});
