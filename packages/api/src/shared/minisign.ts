/** Minisign lives in @streamkit/plugin-rules so the author CLI verifies packages with the same code (docs/plugins.md#signed-packages). */
export * from "@streamkit/plugin-rules/minisign";
