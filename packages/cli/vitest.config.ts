import { defineConfig } from "vitest/config";

// Every test runs the CLI as a child process (as authors do), and one starts a real API server: generous timeouts.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
