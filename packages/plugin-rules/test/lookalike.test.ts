import { describe, expect, it } from "vitest";
import { editDistance, imitatesPublisher, isLookalike, lookalikeKeys, skeleton } from "../src/lookalike";

describe("skeleton", () => {
  it.each([
    ["OBS Timer", "obstimer"],
    ["obs-timer", "obstimer"],
    ["0bs-t1mer", "obstlmer"],
    ["ＯＢＳ Ｔimer", "obstimer"],
    ["ОВЅ Тimеr", "obstimer"], // Cyrillic О, В, Ѕ, Т, е
    ["Chat Ρoll", "chatpoll"], // Greek Ρ
    ["Café Bot", "cafebot"],
    ["PayPaI", "paypal"], // capital i reads as l
    ["modern", "modem"], // rn reads as m
  ])("%s → %s", (text, expected) => {
    expect(skeleton(text)).toBe(expected);
  });

  it("makes the same display name in another case or with confusables equal", () => {
    expect(skeleton("Shout-Out Pro")).toBe(skeleton("shout out pro"));
    expect(skeleton("Shоut-Out Pro")).toBe(skeleton("Shout-Out Pro")); // Cyrillic о
    expect(skeleton("shout-0ut")).toBe(skeleton("shout-out"));
  });
});

describe("editDistance (banded)", () => {
  it.each([
    ["kitten", "sitting", 3, 3],
    ["obstimer", "obstimers", 2, 1],
    ["abc", "abc", 1, 0],
    ["abcdef", "azcdxf", 1, 2], // beyond max: max + 1
    ["short", "muchlongername", 2, 3],
  ])("%s / %s (max %i) = %i", (a, b, max, expected) => {
    expect(editDistance(a, b, max)).toBe(expected);
  });
});

describe("isLookalike", () => {
  it.each([
    ["obs-scene-timer", "obs-scene-tirner"],
    ["obs-scene-timer", "0bs-scene-timer"],
    ["Shout-Out Helper", "Shout-0ut Helper"],
    ["Super Chat Overlay", "Super Chat Overlays"],
    ["chat-commands-plus", "chat-comands-plus"],
    ["Hello", "hello"],
  ])("%s ≈ %s", (a, b) => {
    expect(isLookalike(skeleton(a), skeleton(b))).toBe(true);
  });

  it.each([
    ["chat", "chai"], // short names only when equal
    ["obs-timer", "obs-scene-switcher"],
    ["Song Request", "Song Requests Queue"],
    ["points-shop", "points-show-off"],
    ["", "anything"],
  ])("%s ≠ %s", (a, b) => {
    expect(isLookalike(skeleton(a), skeleton(b))).toBe(false);
  });
});

describe("imitatesPublisher", () => {
  const acme = skeleton("Acme Studios");
  it("catches a display name or author that is or contains a verified publisher's name", () => {
    expect(imitatesPublisher("Acme Studios", acme)).toBe(true);
    expect(imitatesPublisher("ACME Stud1os", acme)).toBe(true);
    expect(imitatesPublisher("Official Acme Studios Chat", acme)).toBe(true);
  });
  it("lets unrelated names and short publisher names inside words through", () => {
    expect(imitatesPublisher("Chat Tools", acme)).toBe(false);
    expect(imitatesPublisher("Bobcat Timer", skeleton("Bob"))).toBe(false);
  });
});

describe("lookalikeKeys", () => {
  it("are the skeletons, and both ends of long ones", () => {
    expect(lookalikeKeys("obs-scene-timer", "OBS Scene Timer").sort()).toEqual(
      ["n<obs", "n=obsscenetimer", "n>mer", "s<obs", "s=obsscenetimer", "s>mer"].sort(),
    );
    expect(lookalikeKeys("dice", "Dice")).toEqual(["s=dice", "n=dice"]);
  });

  it("share a key for every look-alike that keeps one end of the name", () => {
    const original = new Set(lookalikeKeys("chat-commands-plus", "Chat Commands Plus"));
    expect(lookalikeKeys("chat-comands-plus", "Chat Comands Plus").some((key) => original.has(key))).toBe(true);
    expect(lookalikeKeys("chat-c0mmands-plus", "x").some((key) => original.has(key))).toBe(true);
  });
});
