import { defineConfig } from "vitest/config";

/**
 * Integration tests run once on the embedded PGlite and, when DATABASE_URL is
 * set, once more on that PostgreSQL server: the same files, two projects.
 * test/multiprocess holds tests that start several server processes on one
 * shared database, which only PostgreSQL can be, so only that project has them.
 * test/fault stops, freezes and restarts throwaway PostgreSQL clusters of its own.
 */
const projects = [
  {
    extends: true as const,
    test: { name: "pglite", env: { TEST_DB: "pglite" }, include: ["test/integration/**/*.test.ts", "test/unit/**/*.test.ts"], sequence: { groupOrder: 0 } },
  },
];
// The database-outage test starts a PostgreSQL cluster of its own (the binaries of /usr/lib/postgresql/15), so it needs no DATABASE_URL and always runs.
// It runs last and alone (groupOrder 1; the others are 0): its answer-time bounds are about the server, not a machine busy with other
// files — and by then turbo's other tasks (the site's build, the other packages' tests) are over too, which running first met head-on.
projects.push({
  extends: true as const,
  test: { name: "fault", env: { TEST_DB: "fault" }, include: ["test/fault/**/*.test.ts"], sequence: { groupOrder: 1 } },
});
if (process.env.DATABASE_URL) {
  projects.push({
    extends: true as const,
    test: {
      name: "postgres",
      env: { TEST_DB: "postgres" },
      include: ["test/integration/**/*.test.ts", "test/multiprocess/**/*.test.ts"],
      sequence: { groupOrder: 0 },
    },
  });
}

export default defineConfig({
  test: {
    globalSetup: ["./test/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Most of a file's time is waiting: on its database (its own PGlite or PostgreSQL database), on child
    // processes, on sockets. Vitest's default on this 2-core machine is one file at a time; three overlap
    // those waits (the suite takes about 9½ minutes instead of 14½) while every file keeps its own database.
    maxWorkers: 3,
    // A worker keeps the modules it imported for its next file: every file builds its own app on its own database
    // (nothing is shared through module state), and re-importing the API for each of some 150 files was a third of the run.
    isolate: false,
    projects,
  },
});
